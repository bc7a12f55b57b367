import jax.numpy as jnp
x = jnp.arange(5)
print(jnp.where(x > 2, x, 0))  # expect: [0 0 0 3 4]
print(jnp.where(x % 2 == 0, 1.0, -1.0))  # expect: [ 1. -1.  1. -1.  1.]
jnp.where(x > 2, x)  # expect error: ValueError: Either both or neither of the x and y arguments should be provided to jax.numpy.where, got [0 1 2 3 4] and None.
