import jax.numpy as jnp
print(jnp.tile(jnp.arange(3), 2))  # expect: [0 1 2 0 1 2]
print(jnp.tile(jnp.arange(2), (2, 2)).tolist())  # expect: [[0, 1, 0, 1], [0, 1, 0, 1]]
print(jnp.repeat(jnp.arange(3), 2))  # expect: [0 0 1 1 2 2]
print(jnp.repeat(jnp.arange(4).reshape(2, 2), 2, axis=0).tolist())  # expect: [[0, 1], [0, 1], [2, 3], [2, 3]]
