import jax.numpy as jnp
x = jnp.zeros((2, 3, 4))
print(jnp.transpose(x).shape)  # expect: (4, 3, 2)
print(jnp.transpose(x, (1, 0, 2)).shape)  # expect: (3, 2, 4)
print(jnp.swapaxes(x, 0, 2).shape)  # expect: (4, 3, 2)
print(jnp.moveaxis(x, 0, -1).shape)  # expect: (3, 4, 2)
