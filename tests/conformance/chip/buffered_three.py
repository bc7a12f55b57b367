# pl.Buffered(n) with n outside {1, 2} is a LoweringException, but only for
# a windowed block: a VMEM block with a trivial window is forced to
# pl.Buffered(1) first (the second input), so it passes.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def kernel(x_ref, w_ref, o_ref):
    o_ref[...] = x_ref[...] + w_ref[...]

x = jnp.ones((16, 128), jnp.float32)
w = jnp.ones((8, 128), jnp.float32)
out = pl.pallas_call(  # [chip] expect error: LoweringException: Only single (1) and double (2) buffering are supported. Got 3.
    kernel,
    grid=(2,),
    in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0), pipeline_mode=pl.Buffered(3)),
              pl.BlockSpec((8, 128), lambda i: (0, 0), pipeline_mode=pl.Buffered(3))],
    out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
    out_shape=jax.ShapeDtypeStruct((16, 128), jnp.float32),
)(x, w)
print(float(out.sum()))  # [interpret,tpu] expect: 4096.0
