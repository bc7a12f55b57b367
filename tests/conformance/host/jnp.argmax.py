import jax.numpy as jnp
x = jnp.array([[1, 5, 2], [7, 0, 7]])
print(jnp.argmax(x), jnp.argmin(x))  # expect: 3 4
print(jnp.argmax(x, axis=1))  # expect: [1 0]
print(jnp.argmax(x, axis=0, keepdims=True).shape)  # expect: (1, 3)
