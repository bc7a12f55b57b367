import jax.numpy as jnp
print(jnp.arange(5))  # expect: [0 1 2 3 4]
print(jnp.arange(2, 10, 3))  # expect: [2 5 8]
print(jnp.arange(0.0, 1.0, 0.25))  # expect: [0.   0.25 0.5  0.75]
print(jnp.arange(3, dtype=jnp.float32))  # expect: [0. 1. 2.]
print(jnp.arange(5, 0, -2))  # expect: [5 3 1]
