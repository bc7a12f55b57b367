# jax.vmap over pallas_call, as kernel tests batch a single-example kernel:
# the batch becomes a leading grid dimension (JAX's batching rule), so the
# kernel's own program_id/num_programs still name its own grid axes.
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def add_kernel(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...] + y_ref[...]


@jax.jit
def add_tiles(x, y):
    return pl.pallas_call(add_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))(x, y)


tiles = jnp.arange(3 * 8 * 128, dtype=jnp.float32).reshape(3, 8, 128)
out = jax.vmap(add_tiles)(tiles, tiles)
print(out.shape, bool(jnp.array_equal(out, 2 * tiles)))  # expect: (3, 8, 128) True
shared = jnp.ones((8, 128), jnp.float32)
out = jax.vmap(add_tiles, in_axes=(0, None))(tiles, shared)
print((out - tiles)[:, 0, :3], int(out[1, 0, 2]))
# expect: [[1. 1. 1.]
# expect:  [1. 1. 1.]
# expect:  [1. 1. 1.]] 1027
print(jax.vmap(add_tiles, out_axes=1)(tiles, tiles).shape)  # expect: (8, 3, 128)


def tag_kernel(x_ref, o_ref):
    # Block index and block count along the kernel's own grid axis.
    o_ref[...] = x_ref[...] * 0 + pl.program_id(0) * 10 + pl.num_programs(0)


def tag_blocks(x):
    return pl.pallas_call(
        tag_kernel,
        grid=(x.shape[0] // 8,),
        in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0))],
        out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    )(x)


tags = jax.vmap(tag_blocks)(jnp.zeros((2, 24, 128), jnp.int32))
print(tags[:, ::8, 0])
# expect: [[ 3 13 23]
# expect:  [ 3 13 23]]
nested = jax.vmap(jax.vmap(add_tiles))(tiles.reshape(1, 3, 8, 128), tiles.reshape(1, 3, 8, 128))
print(nested.shape, float(nested[0, 2, 7, 127]))  # expect: (1, 3, 8, 128) 6142.0


def pick_kernel(idx_ref, x_ref, o_ref):
    o_ref[...] = x_ref[...] + idx_ref[0]


def pick_block(idx, x):
    spec = pltpu.PrefetchScalarGridSpec(
        num_scalar_prefetch=1,
        grid=(1,),
        in_specs=[pl.BlockSpec((8, 128), lambda i, idx: (idx[0], 0))],
        out_specs=pl.BlockSpec((8, 128), lambda i, idx: (0, 0)),
    )
    return pl.pallas_call(pick_kernel, grid_spec=spec, out_shape=jax.ShapeDtypeStruct((8, 128), x.dtype))(idx, x)


rows = jnp.repeat(jnp.arange(3, dtype=jnp.int32) * 100, 8)[:, None] * jnp.ones((1, 128), jnp.int32)
picked = jax.vmap(pick_block, in_axes=(0, None))(jnp.array([[2], [0]], jnp.int32), rows)
print(picked[:, 0, 0])  # expect: [202   0]


def accumulate_kernel(x_ref, acc_ref, o_ref):
    o_ref[...] = acc_ref[...] + x_ref[...]


def accumulate(x, acc):
    return pl.pallas_call(
        accumulate_kernel,
        out_shape=jax.ShapeDtypeStruct(acc.shape, acc.dtype),
        input_output_aliases={1: 0},
    )(x, acc)


summed = jax.vmap(accumulate, in_axes=(0, None))(tiles, jnp.full((8, 128), 0.5, jnp.float32))
print(summed.shape, float(summed[2, 0, 1]))  # expect: (3, 8, 128) 2049.5
