# A @contextmanager function's manager is also a decorator (CPython's
# ContextDecorator): every call of the decorated function runs inside a
# fresh manager, so a generator-based manager can be reused that way.
import contextlib

log = []


@contextlib.contextmanager
def tagged(name):
    log.append("enter " + name)
    try:
        yield name
    finally:
        log.append("exit " + name)


@tagged("step")
def step(x):
    log.append("body %d" % x)
    return x * 2


print(step(1), step(2))  # expect: 2 4
print(log)  # expect: ['enter step', 'body 1', 'exit step', 'enter step', 'body 2', 'exit step']
print(step.__name__)  # expect: step


@tagged("boom")
def boom():
    raise ValueError("inside")


try:
    boom()
except ValueError as e:
    print("caught", e, log[-1])  # expect: caught inside exit boom
