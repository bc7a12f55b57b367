# NumPy reductions: sums of int32/int8/bool accumulate in int64 (NumPy's
# platform int), means of ints are float64, and full reductions return NumPy
# scalars (NEP 51 reprs).
import numpy as np

a = np.arange(6, dtype=np.int32).reshape(2, 3)
s = np.sum(a)
print(s.dtype, repr(s), s)  # expect: int64 np.int64(15) 15
print(np.sum(a, axis=0).dtype, np.sum(a, axis=0))  # expect: int64 [3 5 7]
print(np.sum(np.ones(4, np.bool_)).dtype, np.sum(np.arange(3, dtype=np.int8)).dtype)  # expect: int64 int64
m = np.mean(a)
print(m.dtype, repr(m))  # expect: float64 np.float64(2.5)
print(repr(a.sum()), repr(a.max()), repr(a[1, 2]))  # expect: np.int64(15) np.int32(5) np.int32(5)
f = np.arange(4.0)
print(repr(f.mean()), repr(np.max(f)), repr(np.prod(f + 1)))  # expect: np.float64(1.5) np.float64(3.0) np.float64(24.0)
print(float(m) + 1, int(s) * 2)  # expect: 3.5 30
print(np.mean(a, axis=1))  # expect: [1. 4.]
print(np.sum(np.arange(4, dtype=np.float32)).dtype)  # expect: float32
