# NumPy's print formatting of float64 data: precision 8, one common width,
# scientific notation when the range is wide or values are tiny, and the
# shortest round-trip digits for scalars.
import numpy as np

print(np.array([0.1, 1 / 3]))  # expect: [0.1        0.33333333]
print(np.array([1e-5, 1.0]))  # expect: [1.e-05 1.e+00]
print(repr(np.array([1e-5, 1.0])))  # expect: array([1.e-05, 1.e+00])
print(np.array([1.0, 2.5, 1000.5]))  # expect: [1.0000e+00 2.5000e+00 1.0005e+03]
print(np.array([1.0, 2.5, 999.5]))  # expect: [  1.    2.5 999.5]
print(np.array([np.pi, -np.e]))  # expect: [ 3.14159265 -2.71828183]
print(np.float64(np.pi), repr(np.float64(np.pi)))  # expect: 3.141592653589793 np.float64(3.141592653589793)
print(np.array(1 / 3), repr(np.array(1 / 3)))  # expect: 0.3333333333333333 array(0.33333333)
print(np.array([[1.5, 2.0], [3.25, -4.0]]))
# expect: [[ 1.5   2.  ]
# expect:  [ 3.25 -4.  ]]
print(np.array([np.nan, 1.0, np.inf]))  # expect: [nan  1. inf]
print(np.arange(3) * 0.1)  # expect: [0.  0.1 0.2]
print(repr(np.arange(12.0).reshape(3, 4)))
# expect: array([[ 0.,  1.,  2.,  3.],
# expect:        [ 4.,  5.,  6.,  7.],
# expect:        [ 8.,  9., 10., 11.]])
