# Sets of ints print and iterate in CPython's hash-table order.
print({3, 1, 2}, {100, 5, 37}, set(range(10, 0, -1)))
print({-1, -2, 0, 7}, {64, 8, 1, 16, 32}, set([1000, 10, 100, 1]))
s = set()
for n in [31, 7, 63, 15, 127, 3]:
    s.add(n)
print(s, list(s), sorted(s) == list(s))
print({n * 37 % 101 for n in range(12)})
print(set(range(40, 0, -3)))
print(frozenset({9, 17, 25, 33}), {2 ** 64, 1, 2 ** 61})
# expect: {1, 2, 3} {5, 100, 37} {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
# expect: {0, -2, -1, 7} {64, 1, 32, 16, 8} {1000, 1, 10, 100}
# expect: {3, 7, 15, 31, 63, 127} [3, 7, 15, 31, 63, 127] True
# expect: {0, 67, 3, 37, 74, 10, 47, 84, 20, 30, 57, 94}
# expect: {1, 34, 4, 37, 7, 40, 10, 13, 16, 19, 22, 25, 28, 31}
# expect: frozenset({9, 25, 17, 33}) {18446744073709551616, 1, 2305843009213693952}
