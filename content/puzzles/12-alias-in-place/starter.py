import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def write_block_kernel(index_ref, cache_ref, update_ref, o_ref):
    o_ref[...] = update_ref[...]


def write_block(index, cache, update):
    return pl.pallas_call(
        write_block_kernel,
        out_shape=jax.ShapeDtypeStruct(cache.shape, cache.dtype),
        grid_spec=pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=1,
            grid=(1,),
            in_specs=[
                pl.BlockSpec(memory_space=pl.ANY),  # the cache: never read by the kernel
                pl.BlockSpec((8, 128), lambda i, index_ref: (0, 0)),
            ],
            out_specs=pl.BlockSpec((8, 128), lambda i, index_ref: (index_ref[0], 0)),
        ),
        # TODO: the output should be the cache's own buffer.
    )(index, cache, update)
