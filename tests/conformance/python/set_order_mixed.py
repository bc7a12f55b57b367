# Floats, bools, tuples and big ints hash as in CPython, so their sets print alike.
print({1.5, 0.25, 3.0, -2.0}, {True, 2, 0.5}, {(1, 2), (0, 0), (3, 1)})
print({(i, j) for i in range(3) for j in range(2)})
print({0.1, 0.2, 0.3}, {2.0 ** 70, 1e20, 1e-3})
grid = {(x % 4, x // 4) for x in range(10)}
print(grid, len(grid))
print([k for k in {40, 8, 24}], sorted({7, 3} | {5}))
# expect: {0.25, 1.5, 3.0, -2.0} {0.5, True, 2} {(3, 1), (1, 2), (0, 0)}
# expect: {(0, 1), (2, 1), (0, 0), (1, 1), (2, 0), (1, 0)}
# expect: {0.1, 0.2, 0.3} {1.1805916207174113e+21, 1e+20, 0.001}
# expect: {(0, 1), (1, 2), (2, 1), (0, 0), (3, 1), (1, 1), (2, 0), (3, 0), (0, 2), (1, 0)} 10
# expect: [40, 8, 24] [3, 5, 7]
