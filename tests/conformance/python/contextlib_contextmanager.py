# contextlib.contextmanager, as harnesses wrap a kernel call: setup before
# the yield, teardown after it (in finally, so it runs on errors too), and
# the with block's exception thrown in at the yield, where the generator
# may handle it.
import contextlib

events = []


@contextlib.contextmanager
def named_scope(name):
    events.append(f"enter {name}")
    try:
        yield name.upper()
    finally:
        events.append(f"exit {name}")


with named_scope("matmul") as tag:
    events.append(f"body {tag}")
print(events)
events.clear()


@contextlib.contextmanager
def swallow(*kinds):
    try:
        yield
    except kinds as e:
        events.append(f"swallowed {type(e).__name__}: {e}")


with swallow(ValueError):
    raise ValueError("bad block shape")
print(events)
try:
    with swallow(KeyError):
        raise ValueError("not swallowed")
except ValueError as e:
    print("propagated:", e)


@contextlib.contextmanager
def override(config, **changes):
    saved = {k: config[k] for k in changes}
    config.update(changes)
    try:
        yield config
    finally:
        config.update(saved)


cfg = {"block_m": 128, "interpret": False}
with override(cfg, interpret=True) as c:
    print(c)
print(cfg)
with named_scope("a"), named_scope("b"):
    events.append("inner")
print(events[-5:])
print(named_scope.__name__, named_scope.__wrapped__.__name__)


@contextlib.contextmanager
def no_yield():
    if False:
        yield


@contextlib.contextmanager
def two_yields():
    yield 1
    yield 2


@contextlib.contextmanager
def keeps_going():
    try:
        yield
    except ValueError:
        yield


try:
    with keeps_going():
        raise ValueError("x")
except RuntimeError as e:
    print("RuntimeError:", e)
for cm in (no_yield, two_yields):
    try:
        with cm():
            pass
    except RuntimeError as e:
        print("RuntimeError:", e)
# expect: ['enter matmul', 'body MATMUL', 'exit matmul']
# expect: ['swallowed ValueError: bad block shape']
# expect: propagated: not swallowed
# expect: {'block_m': 128, 'interpret': True}
# expect: {'block_m': 128, 'interpret': False}
# expect: ['enter a', 'enter b', 'inner', 'exit b', 'exit a']
# expect: named_scope named_scope
# expect: RuntimeError: generator didn't stop after throw()
# expect: RuntimeError: generator didn't yield
# expect: RuntimeError: generator didn't stop
