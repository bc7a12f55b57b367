# Rank-1 blocks of a sub-byte type: Mosaic's tiling for int4 packs eight
# values per 32-bit word, so a power-of-two block must reach
# 128 * (32 // 4) = 1024 elements; the interpreters accept any block.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def double(x_ref, o_ref):
    o_ref[...] = (x_ref[...].astype(jnp.int32) * 2).astype(jnp.int8)


x = (jnp.arange(2048) % 8 - 4).astype(jnp.int4)
full = pl.pallas_call(
    double, grid=(2,), in_specs=[pl.BlockSpec((1024,), lambda i: (i,))],
    out_specs=pl.BlockSpec((1024,), lambda i: (i,)), out_shape=jax.ShapeDtypeStruct((2048,), jnp.int8),
)(x)
print(full[:5], full[2043:])  # expect: [-8 -6 -4 -2  0] [-2  0  2  4  6]
small = pl.pallas_call(  # [chip] expect error: ValueError: The Pallas TPU lowering currently requires that rank 1 block shapes, either 1) the first (and only) dimension of the block shape is equal to the first (and only) dimension of the array shape, or 2) the first (and only) dimension of the block shape is a multiple of 1024, or 3) the first (and only) dimension of the block shape is a power of 2 and at least the tiling size (1024 = 128 * (32 // 4)) of the array shape. ...
    double, grid=(4,), in_specs=[pl.BlockSpec((512,), lambda i: (i,))],
    out_specs=pl.BlockSpec((512,), lambda i: (i,)), out_shape=jax.ShapeDtypeStruct((2048,), jnp.int8),
)(x)
print(bool(jnp.array_equal(small, full)))  # [interpret,tpu] expect: True
