# A negative Python int does not fit an unsigned dtype.
import jax.numpy as jnp

print(jnp.uint32(7) + 1)  # expect: 8
neg = jnp.uint32(-1)  # expect error: OverflowError: Python int -1 too large to convert to uint32
