# A negative Python int does not fit an unsigned dtype.
import jax.numpy as jnp

print(jnp.uint32(7) + 1)  # expect: 8
neg = jnp.uint32(-1)  # expect error: OverflowError: Python integer -1 out of bounds for uint32
