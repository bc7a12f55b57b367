# randint's masked rejection sampling (int64 by default, int32 on request):
# an index table for a gather.
import numpy as np
import jax.numpy as jnp
np.random.seed(0)
idx = np.random.randint(0, 128, size=16)
print(idx.tolist())  # expect: [44, 47, 117, 64, 67, 123, 67, 103, 9, 83, 21, 114, 36, 87, 70, 88]
table = jnp.arange(128) * 3
print(table[idx].tolist())  # expect: [132, 141, 351, 192, 201, 369, 201, 309, 27, 249, 63, 342, 108, 261, 210, 264]
print(np.random.randint(10), np.random.randint(-5, 5))  # expect: 8 -4
print(np.random.randint(-5, 5, (2, 3)).tolist())  # expect: [[1, 2, 2], [3, -4, 0]]
print(np.random.randint(0, 2**31 - 1, 3, dtype=np.int32).tolist())  # expect: [1443447321, 305097549, 1449105480]
# The full 32-bit range takes one raw 32-bit word per value.
print(np.random.randint(-2**31, 2**31, 4).tolist())  # expect: [-1773266167, 636393364, -2060646285, -565898288]
print(np.random.randint(1000, 1001, 3).tolist())  # expect: [1000, 1000, 1000]
rs = np.random.RandomState(5)
print(rs.randint(0, 7, size=10).tolist())  # expect: [3, 6, 5, 6, 6, 0, 1, 0, 4, 6]
print(rs.randint(3, 9, size=(2, 2), dtype='int64').tolist())  # expect: [[6, 3], [3, 7]]
