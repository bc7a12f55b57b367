from jax import lax
import jax.numpy as jnp
print(lax.broadcasted_iota(jnp.int32, (2, 3), 1).tolist())  # expect: [[0, 1, 2], [0, 1, 2]]
print(lax.broadcasted_iota(jnp.int32, (2, 3), 0).tolist())  # expect: [[0, 0, 0], [1, 1, 1]]
print(lax.iota(jnp.float32, 3))  # expect: [0. 1. 2.]
