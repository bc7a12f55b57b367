import jax.numpy as jnp
print(jnp.pad(jnp.arange(3), 1))  # expect: [0 0 1 2 0]
print(jnp.pad(jnp.ones((1, 1)), ((0, 1), (1, 0))).tolist())  # expect: [[0.0, 1.0], [0.0, 0.0]]
print(jnp.pad(jnp.arange(2), (2, 0), constant_values=9))  # expect: [9 9 0 1]
