from jax import lax
import jax.numpy as jnp
x = jnp.arange(10)
print(lax.dynamic_slice(x, (2,), (3,)))  # expect: [2 3 4]
print(lax.dynamic_slice(x, (8,), (4,)))  # expect: [6 7 8 9]
print(lax.dynamic_slice(x, (-3,), (2,)))  # expect: [7 8]
print(lax.dynamic_update_slice(jnp.zeros(5), jnp.ones(2), (1,)))  # expect: [0. 1. 1. 0. 0.]
print(lax.dynamic_slice_in_dim(x.reshape(2, 5), 1, 2, axis=1).tolist())  # expect: [[1, 2], [6, 7]]
