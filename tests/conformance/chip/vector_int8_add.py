# Adding int8 vectors in VMEM: Mosaic's vector integer addition is i16/i32
# only, so the chip refuses the kernel (JAX's MosaicError); int16 lowers, as
# does the int8 data widened to int32, the usual quantized-kernel pattern.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def widened_add_kernel(x_ref, o_ref):
    o_ref[...] = (x_ref[...].astype(jnp.int32) + 1).astype(jnp.int8)


def int16_add_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + x_ref[...]


def int8_add_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + x_ref[...]  # [chip] expect error: MosaicError: INTERNAL: Mosaic failed to compile TPU kernel: Not implemented: Only vector<i16> and vector<i32> arith.addi is supported, got vector<32x128xi8>


q = jnp.full((32, 128), 7, dtype=jnp.int8)
print(pl.pallas_call(widened_add_kernel, out_shape=jax.ShapeDtypeStruct(q.shape, q.dtype))(q)[0, :3])  # expect: [8 8 8]
h = jnp.full((16, 128), 7, dtype=jnp.int16)
print(pl.pallas_call(int16_add_kernel, out_shape=jax.ShapeDtypeStruct(h.shape, h.dtype))(h)[0, :3])  # expect: [14 14 14]
out = pl.pallas_call(int8_add_kernel, out_shape=jax.ShapeDtypeStruct(q.shape, q.dtype))(q)
print(out[0, :3])  # [interpret,tpu] expect: [14 14 14]
