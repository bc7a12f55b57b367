# hash() of ints, floats and tuples is CPython's: modulo 2**61 - 1.
print(hash(2 ** 61), hash(2 ** 61 - 1), hash(-1), hash(-2), hash(2 ** 64), hash(-(2 ** 64)))
print(hash(10 ** 30), hash(1.5), hash(-0.5), hash(2.0 ** 70) == hash(2 ** 70), hash(1e300))
print(hash(float("inf")), hash(float("-inf")), hash(True), hash(0.0), hash(3.0) == hash(3))
print(hash(()), hash((1, 2)), hash((1, (2, 3.5))), hash((-1,)), hash((2 ** 64, -2)))
# expect: 1 0 -2 -2 8 -8
# expect: 465258685558744706 1152921504606846977 -1152921504606846976 True 1224995262755759164
# expect: 314159 -314159 1 0 True
# expect: 5740354900026072187 -3550055125485641917 -9148893311433065316 8078679518589016365 4705214496270574563
