# 8-, 16- and 1-bit integers: NumPy cuts 32-bit words into pieces (bytes,
# halves, bits), so these streams differ from the int32/int64 ones.
import numpy as np
np.random.seed(0)
print(np.random.randint(0, 256, 12, dtype=np.uint8).tolist())  # expect: [172, 10, 127, 140, 47, 170, 196, 151, 117, 166, 22, 183]
print(np.random.randint(-100, 27, 6, dtype=np.int8).tolist())  # expect: [-36, -24, -67, -12, -33, -49]
print(np.random.randint(0, 2, 10, dtype=bool).tolist(), np.random.randint(0, 2, dtype=np.bool_))  # expect: [True, True, False, True, True, True, True, True, False, True] True
print(np.random.randint(-3000, 30000, 5, dtype=np.int16).tolist())  # expect: [29103, 24764, 17757, 22190, 25677]
rng = np.random.default_rng(0)
mask = rng.integers(0, 2, (2, 8), dtype=np.int8)
print(mask.tolist(), mask.dtype)  # expect: [[0, 1, 1, 1, 1, 1, 0, 1], [0, 1, 1, 1, 1, 1, 0, 0]] int8
print(rng.integers(0, 256, 10, dtype=np.uint8).tolist())  # expect: [184, 232, 205, 78, 169, 61, 125, 10, 29, 240]
print(rng.integers(0, 65535, 4, endpoint=True, dtype=np.uint16).tolist())  # expect: [10166, 1083, 20795, 11486]
print(rng.integers(0, 2, 12, dtype=bool).tolist())  # expect: [False, False, False, True, True, True, True, False, False, True, False, True]
