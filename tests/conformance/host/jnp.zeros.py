import jax.numpy as jnp
print(jnp.zeros(3))  # expect: [0. 0. 0.]
print(jnp.zeros((2, 2), dtype=jnp.int32).tolist())  # expect: [[0, 0], [0, 0]]
print(jnp.ones(2, jnp.bool_))  # expect: [ True  True]
print(jnp.empty((1, 2)).shape)  # expect: (1, 2)
