import jax.numpy as jnp
jnp.sum([1, 2, 3])  # expect error: TypeError: sum requires ndarray or scalar arguments, got <class 'list'> at position 0.
