# SEMANTICS 5.1 rule 5: a rank-1 block must equal the array, be a multiple
# of sublanes x lanes (1024), or be a power of two of at least
# 128 * (32 // bits) elements (int16: 256).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]

x = jnp.arange(256, dtype=jnp.int16)
out = pl.pallas_call(  # [chip] expect error: ValueError: The Pallas TPU lowering currently requires that rank 1 block shapes, either 1) the first (and only) dimension of the block shape is equal to the first (and only) dimension of the array shape, or 2) the first (and only) dimension of the block shape is a multiple of 1024, or 3) the first (and only) dimension of the block shape is a power of 2 and at least the tiling size (256 = 128 * (32 // 16)) of the array shape. Block spec for args[0] in pallas_call kernel at block_rank1.py:8 has block shape (Blocked(block_size=128),), array shape (256,), and index_map { lambda ; a:i32[]. let  in (a,) }, in memory space None...
    kernel,
    grid=(2,),
    in_specs=[pl.BlockSpec((128,), lambda i: (i,))],
    out_specs=pl.BlockSpec((128,), lambda i: (i,)),
    out_shape=jax.ShapeDtypeStruct((256,), jnp.int16),
)(x)
print(int(out[255]))  # [interpret,tpu] expect: 255
