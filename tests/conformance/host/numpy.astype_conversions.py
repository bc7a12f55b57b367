# astype between NumPy's dtypes: float64 -> float32 rounds, -> int64
# truncates toward zero, itemsize/nbytes follow the dtype, and np.float64 /
# np.int64 are real 64-bit types.
import numpy as np

x = np.array([1.7, -2.5, 1e10 + 0.5])
print(x.astype(np.int64), x[:2].astype(np.int32).dtype)  # expect: [          1          -2 10000000000] int32
print(x.astype(np.float32).itemsize, x.itemsize, x.astype(np.float16).nbytes)  # expect: 4 8 6
print(np.float64, np.int64, np.dtype(np.float64))  # expect: <class 'numpy.float64'> <class 'numpy.int64'> float64
print(np.float64 == np.dtype("float64"), x.dtype == np.float64, x.dtype == np.float32)  # expect: True True False
print(np.iinfo(np.int64).max, np.finfo(np.float64).eps)  # expect: 9223372036854775807 2.220446049250313e-16
big = np.array([2**40, -3])
print(big.dtype, big * 2)  # expect: int64 [2199023255552            -6]
print(np.int64(2**40) + 1, np.uint64(7).dtype)  # expect: 1099511627777 uint64
third = np.float64(1) / 3
print(third, np.float32(third))  # expect: 0.3333333333333333 0.33333334
huge = np.array([2**62 + 1, -3])
print(huge, huge[0] + 1)  # expect: [4611686018427387905                  -3] 4611686018427387906
