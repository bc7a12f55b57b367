# Grid and mask builders that attention and convolution harnesses use:
# tri (causal masks), indices/ix_ (index grids), fliplr/flipud/rot90,
# column_stack/dstack, logspace (frequency tables), and JAX's errors.
import jax.numpy as jnp

print(jnp.tri(3, dtype=jnp.int32))
# expect: [[1 0 0]
# expect:  [1 1 0]
# expect:  [1 1 1]]
print(jnp.tri(2, 3, k=1).tolist(), jnp.tri(2).dtype)  # expect: [[1.0, 1.0, 0.0], [1.0, 1.0, 1.0]] float32
print(jnp.indices((2, 3))[1].tolist(), [g.shape for g in jnp.indices((2, 3), sparse=True)])  # expect: [[0, 1, 2], [0, 1, 2]] [(2, 1), (1, 3)]
rows, cols = jnp.ix_(jnp.array([0, 2]), jnp.array([1, 2]))
print(jnp.arange(9).reshape(3, 3)[rows, cols].tolist())  # expect: [[1, 2], [7, 8]]
m = jnp.arange(4).reshape(2, 2)
print(jnp.fliplr(m).tolist(), jnp.flipud(m).tolist(), jnp.rot90(m).tolist(), jnp.rot90(m, k=-1).tolist())  # expect: [[1, 0], [3, 2]] [[2, 3], [0, 1]] [[1, 3], [0, 2]] [[2, 0], [3, 1]]
print(jnp.column_stack([jnp.array([1, 2]), jnp.array([3, 4])]).tolist(), jnp.dstack([m, m]).shape)  # expect: [[1, 3], [2, 4]] (2, 2, 2)
print(jnp.logspace(0.0, 3.0, 4), jnp.logspace(0, 4, 3, base=2.0))  # expect: [   1.   10.  100. 1000.] [ 1.  4. 16.]
jnp.rot90(jnp.arange(3))  # expect error: ValueError: rot90 requires its first argument to have ndim at least two, but got first argument of shape (3,), which has ndim 1
