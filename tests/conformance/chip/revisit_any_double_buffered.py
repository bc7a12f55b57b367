# RevisitMode.ANY is lowered only for a single-buffered block; with the
# default two buffers the chip's lowering refuses it. JAX's interpreters
# ignore the mode.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def scale_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0

x = jnp.ones((32, 128), jnp.float32)
out = pl.pallas_call(  # [chip] expect error: LoweringException: RevisitMode.ANY is not supported with double buffering.
    scale_kernel,
    grid=(4,),
    in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0))],
    out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0),
                           pipeline_mode=pl.Buffered(2, revisit=pl.RevisitMode.ANY)),
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
)(x)
print(float(out.sum()))  # [interpret,tpu] expect: 8192.0
