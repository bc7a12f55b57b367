import jax.numpy as jnp
a, b, c = jnp.split(jnp.arange(6), 3)
print(a, b, c)  # expect: [0 1] [2 3] [4 5]
x, y = jnp.split(jnp.arange(5), [2])
print(x, y)  # expect: [0 1] [2 3 4]
jnp.split(jnp.arange(5), 2)  # expect error: ValueError: array split does not result in an equal division
