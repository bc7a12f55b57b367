import jax.numpy as jnp
a = jnp.arange(2)
print(jnp.stack([a, a]).tolist())  # expect: [[0, 1], [0, 1]]
print(jnp.stack([a, a], axis=1).tolist())  # expect: [[0, 0], [1, 1]]
print(jnp.vstack([a, a]).shape, jnp.hstack([a, a]).shape)  # expect: (2, 2) (4,)
jnp.stack([jnp.ones(2), jnp.ones(3)])  # expect error: ValueError: All input arrays must have the same shape.
