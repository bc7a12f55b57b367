# Grid coordinates as attention-mask and positional-encoding harnesses
# build them: meshgrid ('xy' and 'ij', sparse), unravel_index (negative and
# out-of-range indices clipped, as JAX does), ravel_multi_index.
import jax.numpy as jnp

rows, cols = jnp.meshgrid(jnp.arange(3), jnp.arange(2))
print(rows.shape, cols.tolist())  # expect: (2, 3) [[0, 0, 0], [1, 1, 1]]
q, k = jnp.meshgrid(jnp.arange(3), jnp.arange(3), indexing='ij')
print((q >= k).astype(jnp.int32))
# expect: [[1 0 0]
# expect:  [1 1 0]
# expect:  [1 1 1]]
a, b = jnp.meshgrid(jnp.array([1, 2]), jnp.array([10, 20, 30]), sparse=True)
print(a.shape, b.shape)  # expect: (1, 2) (3, 1)
print(jnp.unravel_index(jnp.array([1, 3, 5]), (2, 3)))  # expect: (Array([0, 1, 1], dtype=int32), Array([1, 0, 2], dtype=int32))
print(jnp.unravel_index(jnp.array([-1, 9]), (2, 3)))  # expect: (Array([1, 1], dtype=int32), Array([2, 2], dtype=int32))
print(jnp.ravel_multi_index((jnp.array([0, 1, 1]), jnp.array([1, 0, 2])), (2, 3)))  # expect: [1 3 5]
print(jnp.ravel_multi_index((jnp.array([3]), jnp.array([4])), (2, 3), mode='clip'))  # expect: [5]
print(jnp.ravel_multi_index((jnp.array([1]), jnp.array([2])), (2, 3), order='F'))  # expect: [5]
jnp.meshgrid(jnp.ones((2, 2)), jnp.arange(3))  # expect error: ValueError: Arguments to jax.numpy.meshgrid must be 1D, got shapes [(2, 2), (3,)]
