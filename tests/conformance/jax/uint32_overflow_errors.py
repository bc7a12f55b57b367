# The out-of-range cases: a dtype given explicitly, and a list element.
import jax.numpy as jnp

print(jnp.array([1, 2], dtype=jnp.uint8))  # expect: [1 2]
too_big = jnp.array([1, 256], dtype=jnp.uint8)  # expect error: OverflowError: Python integer 256 out of bounds for uint8
