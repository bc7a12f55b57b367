# NEP 51 scalar reprs, as NumPy 2 prints values read out of a reference:
# np.float64(0.1), np.float32(0.1), np.int64(3), np.True_; str() is the
# plain number.
import numpy as np

x = np.array([0.1, 0.5, 3.0])
print(repr(x[0]), repr(x[2]))  # expect: np.float64(0.1) np.float64(3.0)
print(x[0], x[2])  # expect: 0.1 3.0
y = x.astype(np.float32)
print(repr(y[0]), y[0], y.dtype)  # expect: np.float32(0.1) 0.1 float32
print(repr(np.int64(3)), repr(np.int32(-7)), repr(np.uint8(255)))  # expect: np.int64(3) np.int32(-7) np.uint8(255)
print(repr(np.float64(1e-5)), repr(np.float64(1e16)), repr(np.float64(-2.5)))  # expect: np.float64(1e-05) np.float64(1e+16) np.float64(-2.5)
print(repr(np.bool_(True)), repr(np.array([1, 2]) == 1))  # expect: np.True_ array([ True, False])
print(repr(x.sum()), repr(x[1] * 2))  # expect: np.float64(3.6) np.float64(1.0)
print(type(x[0]), type(x))  # expect: <class 'numpy.float64'> <class 'numpy.ndarray'>
print(repr(np.float64(0.1) + np.float64(0.2)))  # expect: np.float64(0.30000000000000004)
print([x[0], x[1]])  # expect: [np.float64(0.1), np.float64(0.5)]
