import jax.numpy as jnp
print(jnp.broadcast_to(jnp.arange(3), (2, 3)).tolist())  # expect: [[0, 1, 2], [0, 1, 2]]
jnp.broadcast_to(jnp.arange(3), (2, 4))  # expect error: ValueError: Incompatible shapes for broadcasting: (3,) and requested shape (2, 4)
