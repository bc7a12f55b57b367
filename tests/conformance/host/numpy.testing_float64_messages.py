# np.testing's failure message for float64 data, in NumPy 2's layout: the
# mismatch count, the largest absolute and relative differences among the
# violations at NumPy's print precision, and both arrays' reprs.
import numpy as np

expected = np.array([1.0, 2.0, 3.0])
np.testing.assert_allclose(expected + 1e-9, expected)
np.testing.assert_array_almost_equal(expected + 1e-8, expected)
print("close")  # expect: close
actual = np.array([1.0, 2.0, 3.1])
try:
    np.testing.assert_allclose(actual, expected, rtol=1e-7)
except AssertionError as e:
    for line in str(e).split("\n"):
        print("|" + line)
# expect: |
# expect: |Not equal to tolerance rtol=1e-07, atol=0
# expect: |
# expect: |Mismatched elements: 1 / 3 (33.3%)
# expect: |Max absolute difference among violations: 0.1
# expect: |Max relative difference among violations: 0.03333333
# expect: | ACTUAL: array([1. , 2. , 3.1])
# expect: | DESIRED: array([1., 2., 3.])
try:
    np.testing.assert_array_equal(np.arange(4), np.array([0, 1, 5, 3]))
except AssertionError as e:
    for line in str(e).split("\n"):
        print("|" + line)
# expect: |
# expect: |Arrays are not equal
# expect: |
# expect: |Mismatched elements: 1 / 4 (25%)
# expect: |Max absolute difference among violations: 3
# expect: |Max relative difference among violations: 0.6
# expect: | ACTUAL: array([0, 1, 2, 3])
# expect: | DESIRED: array([0, 1, 5, 3])
np.testing.assert_allclose(np.float32(1.0), 1.0 + 1e-3)  # expect error: AssertionError: ...
