# A suspended generator whose last reference goes away is closed, as
# CPython's reference counting closes it: its finally blocks and with exits
# run when a loop breaks out of it, when a function holding it returns, and
# when it was only an argument.
import itertools


def staged(n):
    try:
        for i in range(n):
            yield i
    finally:
        print("cleanup", n)


for x in staged(5):
    if x == 1:
        break
print("after loop")


def peek():
    g = staged(3)
    return next(g)


print("peeked", peek())


def first(it):
    for v in it:
        return v


print(first(staged(7)))
print(list(itertools.islice(staged(9), 2)))


class Scope:
    def __enter__(self):
        print("enter")

    def __exit__(self, exc_type, exc, tb):
        print("exit", exc_type.__name__ if exc_type else None)


def scoped():
    with Scope():
        yield 1
        yield 2


print(next(scoped()))
kept = scoped()
next(kept)
print("still suspended")
kept = None
print("end")
# expect: cleanup 5
# expect: after loop
# expect: cleanup 3
# expect: peeked 0
# expect: cleanup 7
# expect: 0
# expect: cleanup 9
# expect: [0, 1]
# expect: enter
# expect: exit GeneratorExit
# expect: 1
# expect: enter
# expect: still suspended
# expect: exit GeneratorExit
# expect: end
