# Harness code that ranks tokens, buckets them and counts per expert, as MoE
# routing references do: NumPy's index results (argsort, nonzero, unique's
# indices and counts, searchsorted, bincount, histogram counts) are intp
# (int64), where jax.numpy's are int32 with x64 off.
import numpy as np
import jax.numpy as jnp

expert_of_token = np.array([2, 0, 2, 1, 2, 0])
order = np.argsort(expert_of_token, kind="stable")
print(order, order.dtype)  # expect: [1 5 3 0 2 4] int64
experts, first, counts = np.unique(expert_of_token, return_index=True, return_counts=True)
print(experts, first, counts, first.dtype, counts.dtype)  # expect: [0 1 2] [1 3 0] [2 1 3] int64 int64
print(repr(np.unique(expert_of_token, return_inverse=True)[1]))  # expect: array([2, 0, 2, 1, 2, 0])
print(repr(np.bincount(expert_of_token, minlength=4)))  # expect: array([2, 1, 3, 0])
group_offsets = np.concatenate([[0], np.cumsum(counts)])
print(repr(np.searchsorted(group_offsets, 4, side="right") - 1))  # expect: np.int64(2)
rows, cols = np.nonzero(np.array([[0, 3], [4, 0]]))
print(repr(rows), repr(cols))  # expect: array([0, 1]) array([1, 0])
print(np.argwhere(expert_of_token == 0).tolist(), np.argwhere(expert_of_token).dtype)  # expect: [[1], [5]] int64
print(np.count_nonzero(expert_of_token) + 0, np.digitize([0.5, 2.5], [1, 2]).dtype)  # expect: 4 int64
print(repr(np.indices((2,))), repr(np.tri(2)[1]))  # expect: array([[0, 1]]) array([1., 1.])
hist, edges = np.histogram(np.array([1, 2, 2, 5]), bins=2)
print(repr(hist), repr(edges))  # expect: array([3, 1]) array([1., 3., 5.])
density, _ = np.histogram(np.array([1, 2, 2, 5], np.float32), bins=2, density=True)
print(repr(density))  # expect: array([0.375, 0.125])
# The same calls through jax.numpy keep JAX's int32 and float32.
print(jnp.argsort(jnp.array([3, 1])).dtype, jnp.nonzero(jnp.array([0, 1]))[0].dtype)  # expect: int32 int32
print(jnp.unique(jnp.array([2, 2, 1]), return_counts=True)[1].dtype, jnp.histogram(jnp.array([1, 2]), bins=2)[0].dtype)  # expect: int32 float32
print(jnp.tri(2).dtype, jnp.indices((2,)).dtype)  # expect: float32 int32
