# The dtypes NumPy's ufuncs give on integer inputs (the smallest float that
# holds them: int8 -> float16, int64 -> float64), and NumPy scalars in
# Python's own formatting and arithmetic.
import numpy as np

a = np.arange(4)
print(np.exp(a).dtype, np.sqrt(a).dtype, np.log(np.arange(1, 3, dtype=np.int8)).dtype)  # expect: float64 float64 float16
print(np.sin(np.float32(1)).dtype, np.sqrt(np.arange(3, dtype=np.int16)).dtype)  # expect: float32 float32
print(np.exp(a))  # expect: [ 1.          2.71828183  7.3890561  20.08553692]
print(np.cumsum(a).dtype, np.maximum(a, 2.5).dtype, np.clip(a, 0, 2).dtype)  # expect: int64 float64 int64
print(np.std(np.arange(4.0)), np.var(np.arange(4)), np.median(np.arange(5)))  # expect: 1.118033988749895 1.25 2.0
print(np.dot(np.arange(3), np.arange(3)), repr(np.dot(np.arange(3.0), np.arange(3.0))))  # expect: 5 np.float64(5.0)
m = np.mean(np.arange(6))
print(f"{m:.3f}|{np.int64(15):5d}|{m}")  # expect: 2.500|   15|2.5
print("%.2f %d" % (m, np.sum(np.arange(6, dtype=np.int32))))  # expect: 2.50 15
print(abs(np.float64(-1.5)), -np.float64(2.0), m > 2, float(m) * 2, int(np.int64(7)) + 1)  # expect: 1.5 -2.0 True 5.0 8
print([0, 1, 2, 3][np.int64(2)], list(range(np.int64(3))))  # expect: 2 [0, 1, 2]
print(np.array([1, 2, 3]) / np.array([2, 2, 2]), np.int64(5) % 3, 2 ** np.arange(3))  # expect: [0.5 1.  1.5] 2 [1 2 4]
