# Set algebra results iterate as CPython builds them.
a = {1, 9, 17, 25, 4}
b = {25, 4, 100, 33}
print(a | b, a & b, a - b, a ^ b, b - a)
print(a.union([50, 2]), a.intersection(range(20)), a.difference({1}), a.symmetric_difference([4, 8]))
c = set(range(20))
c -= {3, 5, 7}
c |= {99, 40}
print(c)
c &= set(range(0, 100, 2))
print(c)
d = {5, 13, 21}
d.discard(13)
d.add(29)
print(d, d.copy(), set(d))
e = {8, 16, 24, 32}
print(e.pop(), e.pop(), e)
# expect: {1, 33, 4, 100, 9, 17, 25} {25, 4} {1, 17, 9} {1, 33, 100, 9, 17} {33, 100}
# expect: {1, 17, 50, 4, 2, 9, 25} {1, 4, 9, 17} {17, 4, 9, 25} {1, 8, 9, 17, 25}
# expect: {0, 1, 2, 4, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 40, 99}
# expect: {0, 2, 4, 6, 8, 40, 10, 12, 14, 16, 18}
# expect: {21, 5, 29} {21, 5, 29} {21, 5, 29}
# expect: 8 16 {32, 24}
