from jax import lax
import jax.numpy as jnp
print(lax.pad(jnp.arange(3), 0, [(1, 2, 1)]))  # expect: [0 0 0 1 0 2 0 0]
print(lax.pad(jnp.ones((1, 2)), -1.0, [(0, 1, 0), (1, 0, 0)]).tolist())  # expect: [[-1.0, 1.0, 1.0], [-1.0, -1.0, -1.0]]
