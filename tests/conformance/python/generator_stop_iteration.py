# StopIteration as CPython raises it: next() with and without a default, a
# generator's return value in e.value, and PEP 479 turning a stray
# StopIteration inside a generator body into RuntimeError.
def first_two(xs):
    it = iter(xs)
    yield next(it)
    yield next(it)


print(list(first_two([10, 20, 30])))
try:
    list(first_two([1]))
except RuntimeError as e:
    print("RuntimeError:", e)


def countdown(n):
    while n > 0:
        yield n
        n -= 1
    return "liftoff"


g = countdown(2)
print(next(g), next(g), next(g, "default"))
g = countdown(1)
next(g)
try:
    next(g)
except StopIteration as e:
    print(type(e).__name__, repr(e.value), e.args)
try:
    next(g)
except StopIteration as e:
    print("again", e.value, e.args)
print(StopIteration(42).value, StopIteration().value)


def empty():
    return 5
    yield


print(list(empty()), next(iter([]), None))
for x in countdown(3):
    if x == 2:
        break
    print("x", x)
next(countdown(0))  # expect error: StopIteration: liftoff
# expect: [10, 20]
# expect: RuntimeError: generator raised StopIteration
# expect: 2 1 default
# expect: StopIteration 'liftoff' ('liftoff',)
# expect: again None ()
# expect: 42 None
# expect: [] None
# expect: x 3
