import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def grouped_kernel(groups_ref, x_ref, w_ref, o_ref):
    o_ref[...] = jnp.dot(x_ref[...], w_ref[...], preferred_element_type=jnp.float32)


def grouped_matmul(group_of_block, x, w):
    blocks = group_of_block.shape[0]
    return pl.pallas_call(
        grouped_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, jnp.float32),
        grid_spec=pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=1,
            grid=(blocks,),
            in_specs=[
                pl.BlockSpec((8, 128), lambda i, groups_ref: (i, 0)),
                # TODO: pick the weights of block i's group.
                pl.BlockSpec((None, 128, 128), lambda i, groups_ref: (0, 0, 0)),
            ],
            out_specs=pl.BlockSpec((8, 128), lambda i, groups_ref: (i, 0)),
        ),
    )(group_of_block, x, w)
