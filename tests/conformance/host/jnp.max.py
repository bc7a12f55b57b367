import jax.numpy as jnp
x = jnp.array([[1, 5], [3, 2]])
print(jnp.max(x), jnp.min(x))  # expect: 5 1
print(jnp.max(x, axis=0), jnp.amin(x, axis=1))  # expect: [3 5] [1 2]
print(jnp.all(x > 0), jnp.any(x > 4))  # expect: True True
jnp.max(jnp.zeros((0,)))  # expect error: ValueError: zero-size array to reduction operation max which has no identity
