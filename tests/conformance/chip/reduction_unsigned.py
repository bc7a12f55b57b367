# An unsigned-integer reduction is refused with its own message; the int32
# sum next to it lowers.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def kernel(x_ref, o_ref, total_ref):
    total_ref[...] = jnp.broadcast_to(jnp.sum(x_ref[...].astype(jnp.int32), axis=0, keepdims=True), total_ref.shape)
    o_ref[...] = jnp.broadcast_to(jnp.min(x_ref[...], axis=0, keepdims=True), o_ref.shape)  # [chip] expect error: NotImplementedError: Reductions over unsigned integers not implemented.

x = jnp.full((8, 128), 3, jnp.uint32)
out, total = pl.pallas_call(
    kernel,
    out_shape=(jax.ShapeDtypeStruct((8, 128), jnp.uint32), jax.ShapeDtypeStruct((8, 128), jnp.int32)),
)(x)
print(int(out[0, 0]), int(total[0, 0]))  # [interpret,tpu] expect: 3 24
