# Python semantics: compared with CPython 3.11's output.
print(7 // 2, -7 // 2, 7 % 3, -7 % 3, 7 / 2, 2 ** 10, 2 ** -1)
print(1 + 2 * 3 - 4, (1 + 2) * 3, -2 ** 2, abs(-3), divmod(17, 5))
print(0.1 + 0.2, 1e16, 1.5e-7, 3.0, float("inf"), -0.0)
print(10 << 3, 1000 >> 2, 5 & 3, 5 | 3, 5 ^ 3, ~5)
print(int("42"), int(3.9), int(-3.9), float("2.5"), round(2.5), round(3.5), round(2.675, 2))
print(1 < 2 < 3, 1 < 3 < 2, 3 == 3.0, 1 != 2, True + True)
print(max(3, 1, 2), min([4, 5, 1]), sum(range(10)), sum([0.5, 0.25]))
# expect: 3 -4 1 2 3.5 1024 0.5
# expect: 3 9 -4 3 (3, 2)
# expect: 0.30000000000000004 1e+16 1.5e-07 3.0 inf -0.0
# expect: 80 250 1 7 6 -6
# expect: 42 3 -3 2.5 2 4 2.67
# expect: True False True True 2
# expect: 3 1 45 0.75
