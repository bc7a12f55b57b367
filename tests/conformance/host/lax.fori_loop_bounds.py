from jax import lax
import jax.numpy as jnp
print(lax.fori_loop(jnp.int32(1), 4, lambda i, c: c + i, 0))  # expect: 6
lax.fori_loop(jnp.int8(0), 3.0, lambda i, c: c, 0)  # expect error: TypeError: lower and upper arguments to fori_loop must have equal types, got int8 and float32
