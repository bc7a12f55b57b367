# Python semantics: compared with CPython 3.11's output.
def f(a, b=2, *args, c=3, **kw):
    return a, b, args, c, kw
print(f(1))
print(f(1, 5, 6, 7, c=8, z=9))
def counter():
    n = 0
    def inc():
        nonlocal n
        n += 1
        return n
    return inc
c = counter(); c(); c()
print(c())
total = 0
def add(v):
    global total
    total += v
add(5); add(6)
print(total)
sq = lambda x, y=1: x * x + y
print(sq(3), sq(3, y=0), (lambda: 7)())
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
print(fact(10))
def deco(fn):
    def wrapper(*a, **k):
        return fn(*a, **k) * 10
    return wrapper
@deco
def three():
    return 3
print(three())
import functools
p = functools.partial(f, 1, c=0)
print(p(4))
print(functools.reduce(lambda x, y: x * y, [1, 2, 3, 4]))
def kwonly(*, k):
    return k
print(kwonly(k=5))
# expect: (1, 2, (), 3, {})
# expect: (1, 5, (6, 7), 8, {'z': 9})
# expect: 3
# expect: 11
# expect: 10 9 7
# expect: 3628800
# expect: 30
# expect: (1, 4, (), 0, {})
# expect: 24
# expect: 5
