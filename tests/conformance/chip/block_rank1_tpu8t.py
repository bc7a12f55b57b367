# rungs-args: --params {"generation":"tpu8t"}
# The rank-1 chunk is sublanes x lanes: 2048 on TPU8t (16 sublanes), so a
# 3072-element block that a v5e accepts (3 x 1024) is refused there.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]

x = jnp.arange(6144, dtype=jnp.int32)
out = pl.pallas_call(  # [chip] expect error: ValueError: The Pallas TPU lowering currently requires that rank 1 block shapes, either 1) the first (and only) dimension of the block shape is equal to the first (and only) dimension of the array shape, or 2) the first (and only) dimension of the block shape is a multiple of 2048, or 3) the first (and only) dimension of the block shape is a power of 2 and at least the tiling size (128 = 128 * (32 // 32)) of the array shape. Block spec for args[0]...
    kernel,
    grid=(2,),
    in_specs=[pl.BlockSpec((3072,), lambda i: (i,))],
    out_specs=pl.BlockSpec((3072,), lambda i: (i,)),
    out_shape=jax.ShapeDtypeStruct((6144,), jnp.int32),
)(x)
print(int(out[6143]))  # [interpret,tpu] expect: 6143
