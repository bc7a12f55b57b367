import jax.numpy as jnp
print(jnp.logical_and(jnp.array([1, 0, 2]), True))  # expect: [ True False  True]
print(jnp.logical_not(jnp.array([0, 3])), jnp.logical_xor(True, False))  # expect: [ True False] True
print(jnp.bitwise_and(12, 10), jnp.bitwise_or(12, 10), jnp.left_shift(1, 4))  # expect: 8 14 16
print(jnp.greater(jnp.arange(3), 0.5))  # expect: [False  True  True]
