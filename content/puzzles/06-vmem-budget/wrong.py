# Wrong on purpose: halving the block is not enough; 4 buffers of 128 rows need 1 MiB.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def softsign_kernel(x_ref, o_ref):
    x = x_ref[...]
    o_ref[...] = x / (1.0 + jnp.abs(x))


def softsign(x):
    rows, cols = x.shape
    block_rows = rows // 2
    spec = pl.BlockSpec((block_rows, cols), lambda i: (i, 0))
    return pl.pallas_call(
        softsign_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(rows // block_rows,),
        in_specs=[spec],
        out_specs=spec,
        compiler_params=pltpu.CompilerParams(vmem_limit_bytes=256 * 1024),
    )(x)
