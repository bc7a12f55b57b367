# Sort keys and triangle indices as attention-mask and routing references
# build them: np.lexsort's last key is the primary one; tril/triu_indices
# list a triangle row by row (np.* intp, jnp.* int32).
import numpy as np
import jax.numpy as jnp

segment = np.array([1, 0, 1, 0, 1])
position = np.array([4, 3, 0, 1, 2])
print(np.lexsort((position, segment)))  # expect: [3 1 2 4 0]
print(jnp.lexsort([jnp.array([[3, 1], [2, 2]]), jnp.array([[1, 1], [0, 1]])], axis=0).tolist())  # expect: [[1, 0], [0, 1]]
rows, cols = np.tril_indices(3)
print(rows.tolist(), cols.tolist(), rows.dtype)  # expect: [0, 1, 1, 2, 2, 2] [0, 0, 1, 0, 1, 2] int64
i, j = jnp.triu_indices(3, k=1)
print(i, j)  # expect: [0 0 1] [1 2 2]
print(np.tril_indices_from(np.ones((2, 3)), k=-1))  # expect: (array([1]), array([0]))
mask = np.zeros((3, 3), dtype=bool)
mask[np.triu_indices(3, k=1)] = True
print(mask.sum(), mask[0].tolist())  # expect: 3 [False, True, True]
try:
    np.lexsort([])
except TypeError as e:
    print("TypeError:", e)  # expect: TypeError: need sequence of keys with len > 0 in lexsort
try:
    np.triu_indices_from(np.ones(3))
except ValueError as e:
    print("ValueError:", e)  # expect: ValueError: Only 2-D inputs are accepted
