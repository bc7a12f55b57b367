# Data-dependent indices as block-sparse harnesses compute them on the host:
# one-argument jnp.where (nonzero), flatnonzero, argwhere, with and without
# a static size, and JAX's refusals.
import jax
import jax.numpy as jnp

block_mask = jnp.array([[True, False, True], [False, False, True]])
rows, cols = jnp.where(block_mask)
print(rows, cols)  # expect: [0 0 1] [0 2 2]
print(rows.dtype, len(jnp.nonzero(block_mask)))  # expect: int32 2
print(jnp.nonzero(jnp.array([0, 3, 0, 5]), size=3, fill_value=-1))  # expect: (Array([ 1,  3, -1], dtype=int32),)
print(jnp.where(block_mask, size=2)[1])  # expect: [0 2]
print(jnp.flatnonzero(block_mask))  # expect: [0 2 5]
print(jnp.argwhere(jnp.arange(6).reshape(2, 3) % 4 == 1))
# expect: [[0 1]
# expect:  [1 2]]
print(jnp.nonzero(jnp.zeros((2, 2)))[0].shape)  # expect: (0,)
jnp.nonzero(jnp.float32(3.0))  # expect error: ValueError: Calling nonzero on 0d arrays is not allowed. Use jnp.atleast_1d(scalar).nonzero() instead.
jax.vmap(lambda m: jnp.where(m))(block_mask)  # expect error: ConcretizationTypeError: Abstract tracer value encountered where concrete value is expected: traced array with shape int32[]....
