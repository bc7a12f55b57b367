import numpy as np
np.testing.assert_allclose(np.array([1.0, 2.0]), np.array([1.0, 2.0 + 1e-9]))
print("ok")  # expect: ok
np.testing.assert_allclose(np.array([1.0, 2.0]), np.array([1.0, 2.5]))  # expect error: AssertionError: ...
