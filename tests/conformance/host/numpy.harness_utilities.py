# The NumPy a kernel test's harness calls around its kernels: sizes from
# shapes (np.prod), dtype objects and their itemsize, finfo/iinfo limits
# for tolerances, isclose/allclose/array_equal checks, ndindex loops and
# print options.
import numpy as np

shape = (8, 128)
n = np.prod(shape)
print(n, type(n) is np.int64, int(np.prod([2, 3, 4])))  # expect: 1024 True 24
dt = np.dtype("float32")
print(dt, repr(dt), dt.itemsize, np.dtype(np.int8).itemsize, dt == np.float32)  # expect: float32 dtype('float32') 4 1 True
eps = np.finfo(np.float32).eps
print(eps, np.finfo(np.float64).eps, type(eps) is np.float32)  # expect: 1.1920929e-07 2.220446049250313e-16 True
print(np.iinfo(np.int32).max, np.iinfo(np.int8).min, np.iinfo(np.uint8).max)  # expect: 2147483647 -128 255
a = np.array([1.0, 2.0, 3.0])
b = a + np.array([0.0, 1e-9, 1e-3])
print(np.isclose(a, b), np.allclose(a, b), np.allclose(a, b, atol=1e-2))  # expect: [ True  True False] False True
print(np.array_equal(a, a.copy()), np.array_equal(a, a[:2]), np.array_equal(a, b))  # expect: True False False
cells = [idx for idx in np.ndindex(2, 3)]
print(len(cells), cells[0], cells[-1])  # expect: 6 (0, 0) (1, 2)
np.set_printoptions(precision=3, suppress=True)
print(np.array([1.23456789, 1e-9, 100.0]))  # expect: [  1.235   0.    100.   ]
