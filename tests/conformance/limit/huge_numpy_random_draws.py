# numpy.random refuses a size the memory budget cannot hold before drawing,
# with the MemoryError array creation gives (NumPy would try to allocate 80 GB).
import numpy as np
rng = np.random.default_rng(0)
try:
    rng.permutation(10**12)
except MemoryError as e:
    print(e)  # expect: array of shape (1000000000000,) has 1000000000000 elements, more than the limit of 250000001 elements
print(np.random.rand(2).shape)  # expect: (2,)
np.random.randn(100000, 100000)  # expect error: MemoryError: array of shape (100000, 100000) has 10000000000 elements, more than the limit of 250000001 elements
