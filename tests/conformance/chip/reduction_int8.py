# Reductions lower for floats and int32 only: an int8 max is refused (and
# an unsigned one has its own message, reduction_unsigned.py).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def kernel(x_ref, o_ref):
    o_ref[...] = jnp.broadcast_to(jnp.max(x_ref[...], axis=0, keepdims=True), o_ref.shape)  # [chip] expect error: NotImplementedError: Reductions over int8 not implemented.

x = jnp.arange(32 * 128, dtype=jnp.int32).reshape(32, 128).astype(jnp.int8)
out = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((32, 128), jnp.int8))(x)
print(int(out[0, 0]))  # [interpret,tpu] expect: 0
