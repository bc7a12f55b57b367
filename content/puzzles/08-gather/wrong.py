# Wrong on purpose: an off-by-one index map reads block table[i] + 1, past the end for the last block.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def gather_kernel(table_ref, x_ref, o_ref):
    o_ref[...] = x_ref[...]


def gather_blocks(table, x):
    picks = table.shape[0]
    return pl.pallas_call(
        gather_kernel,
        out_shape=jax.ShapeDtypeStruct((picks * 8, x.shape[1]), x.dtype),
        grid_spec=pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=1,
            grid=(picks,),
            in_specs=[pl.BlockSpec((8, 128), lambda i, table_ref: (table_ref[i] + 1, 0))],
            out_specs=pl.BlockSpec((8, 128), lambda i, table_ref: (i, 0)),
        ),
    )(table, x)
