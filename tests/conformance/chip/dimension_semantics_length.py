# dimension_semantics must have one entry per grid dimension (checked after
# the block shapes, before the kernel body).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]

x = jnp.ones((16, 128), jnp.float32)
out = pl.pallas_call(  # [chip] expect error: ValueError: Length of grid does not match length of dimension semantics. len(grid)=1, len(dimension_semantics)=2
    kernel,
    grid=(2,),
    in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0))],
    out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
    out_shape=jax.ShapeDtypeStruct((16, 128), jnp.float32),
    compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel", "arbitrary")),
)(x)
print(float(out.sum()))  # [interpret,tpu] expect: 2048.0
