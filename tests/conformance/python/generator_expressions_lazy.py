# Generator expressions are lazy: items are computed as they are consumed,
# so any()/all() stop early and an infinite source is fine; the first
# iterable alone is evaluated where the expression stands.
import itertools

calls = []


def cost(bm):
    calls.append(bm)
    return bm * 3


candidates = (cost(bm) for bm in [8, 16, 32, 64])
print(calls)
print(next(candidates), calls)
print(any(c > 50 for c in candidates), calls)
print(list(candidates))


def naturals():
    n = 0
    while True:
        yield n
        n += 1


squares = (n * n for n in naturals())
print(list(itertools.islice(squares, 5)))
evens = (n for n in naturals() if n % 2 == 0)
print([next(evens) for _ in range(4)])
grid = ((i, j) for i in range(3) if i != 1 for j in range(i + 1))
print(list(grid), list(grid))
print(sum(x for x in range(10) if x % 3 == 0), max((len(s), s) for s in ["ab", "cde", "f"]))
print(all(b % 8 == 0 for b in (8, 16, 24)), sorted((-b for b in (3, 1, 2))))
print(dict((f"b{i}", i * 128) for i in range(3)))
print(", ".join(str(b) for b in (128, 256)))
gen = (x for x in [1])
print(type(gen).__name__, iter(gen) is gen)
try:
    bad = (x for x in 42)
except TypeError as e:
    print("TypeError:", e)
# expect: []
# expect: 24 [8]
# expect: True [8, 16, 32]
# expect: [192]
# expect: [0, 1, 4, 9, 16]
# expect: [0, 2, 4, 6]
# expect: [(0, 0), (2, 0), (2, 1), (2, 2)] []
# expect: 18 (3, 'cde')
# expect: True [-3, -2, -1]
# expect: {'b0': 0, 'b1': 128, 'b2': 256}
# expect: 128, 256
# expect: generator True
# expect: TypeError: 'int' object is not iterable
