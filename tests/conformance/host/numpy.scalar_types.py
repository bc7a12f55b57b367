# NumPy 2's scalar types as the builtins see them: round() of a scalar is a
# Python int (with ndigits, a scalar again), np.float64 subclasses float,
# np.int64 does not subclass int, and item()/tolist() give Python values.
import numpy as np

x = np.float64(2.5)
y = np.float32(1.75)
print(round(x), round(np.float64(3.5)), round(y), type(round(x)).__name__)  # expect: 2 4 2 int
print(round(np.float64(1.2345), 2), round(np.int64(7)))  # expect: 1.23 7
print(type(round(x, 1)) is np.float64, type(round(y, 1)) is np.float32)  # expect: True True
a = np.zeros(3)
print(type(a) is np.ndarray, isinstance(a, np.ndarray), isinstance(a[0], np.ndarray))  # expect: True True False
print(type(a[0]) is np.float64, type(np.float64(1)) is np.float64, type(np.arange(2)[0]) is np.int64)  # expect: True True True
print(isinstance(np.float64(1), float), isinstance(np.float32(1), float), isinstance(np.int64(1), int))  # expect: True False False
print(isinstance(a[0], np.floating), isinstance(np.int32(1), np.integer), isinstance(np.uint8(1), np.signedinteger))  # expect: True True False
print(isinstance(1.0, np.float64), isinstance(np.float64(1), (int, np.float64)))  # expect: False True
b = np.array([True, False])
print(type(b[0]) is np.bool_, b[0], type(b[0].item()).__name__)  # expect: True True bool
print(type(x.item()).__name__, type(np.int64(3).item()).__name__, type(y.item()).__name__)  # expect: float int float
print(type(a.tolist()[0]).__name__, type(np.arange(2).tolist()[1]).__name__, np.float32(0.1).item())  # expect: float int 0.10000000149011612
print(np.float64(2.0) == 2, float(np.float32(0.5)), int(np.float64(-1.9)))  # expect: True 0.5 -1
print(np.float32("-inf"), repr(np.float64("nan")), np.int64("12") + 1)  # expect: -inf np.float64(nan) 13
