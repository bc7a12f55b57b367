# NumPy's random streams keep their float64 draws (and int64 integers), as
# NumPy returns them; harnesses then cast to the kernel's float32.
import numpy as np

np.random.seed(0)
u = np.random.rand(3)
print(u.dtype, repr(u))  # expect: float64 array([0.5488135 , 0.71518937, 0.60276338])
np.random.seed(0)
z = np.random.randn(3)
print(repr(z))  # expect: array([1.76405235, 0.40015721, 0.97873798])
print(repr(z[0]))  # expect: np.float64(1.764052345967664)
np.random.seed(0)
k = np.random.randint(0, 10, size=5)
print(k.dtype, repr(k))  # expect: int64 array([5, 0, 3, 3, 7])
rng = np.random.default_rng(0)
r = rng.random(3)
print(r.dtype, r)  # expect: float64 [0.63696169 0.26978671 0.04097352]
print(rng.integers(0, 100, size=4).dtype)  # expect: int64
x32 = np.random.RandomState(0).randn(2, 3).astype(np.float32)
print(x32.dtype, x32[0, 0])  # expect: float32 1.7640524
print(np.random.permutation(4).dtype)  # expect: int64
