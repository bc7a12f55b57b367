import jax.numpy as jnp
print(jnp.cumsum(jnp.arange(1, 5)))  # expect: [ 1  3  6 10]
print(jnp.cumprod(jnp.arange(1, 5)))  # expect: [ 1  2  6 24]
print(jnp.cumsum(jnp.ones((2, 2)), axis=1).tolist())  # expect: [[1.0, 2.0], [1.0, 2.0]]
