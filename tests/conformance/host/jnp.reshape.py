import jax.numpy as jnp
x = jnp.arange(6)
print(jnp.reshape(x, (2, 3)).tolist())  # expect: [[0, 1, 2], [3, 4, 5]]
print(jnp.reshape(x, (-1, 2)).shape)  # expect: (3, 2)
jnp.reshape(x, (4, 2))  # expect error: TypeError: cannot reshape array of shape (6,) (size 6) into shape (4, 2) (size 8)
