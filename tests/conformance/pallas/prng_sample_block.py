# pltpu.sample_block: the same random array whatever the blocking. Each
# (8, 128) tile of the (32, 256) array draws from fold_in(key, its
# row-major tile index), so a kernel tiled (8, 128) over a (4, 2) grid and
# one tiled (16, 256) over a (2, 1) grid with the grid axes swapped produce
# identical arrays. With a threefry key the tiles are threefry's draws on
# every rung (equal to the host's); with a Pallas key they come from the
# hardware generator, seeded per tile, which JAX's generic interpreter
# cannot run.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

TOTAL, TILE = (32, 256), (8, 128)


def make_body(swap, space_key):
    def body(key_ref, o_ref):
        i, j = pl.program_id(0), pl.program_id(1)
        o_ref[...] = pltpu.sample_block(jax.random.uniform, key_ref[...], block_size=o_ref.shape, tile_size=TILE,
                                        total_size=TOTAL, block_index=(j, i) if swap else (i, j),
                                        minval=-1.0, maxval=1.0)
    return body


def sample(key, block, swap, space):
    grid = (TOTAL[0] // block[0], TOTAL[1] // block[1])
    if swap:
        grid = grid[::-1]
    index = (lambda i, j: (j, i)) if swap else (lambda i, j: (i, j))
    return pl.pallas_call(  # [interpret] expect error: NotImplementedError: MLIR translation rule for primitive 'prng_seed' not found for platform cpu
        make_body(swap, space),
        grid=grid,
        in_specs=[pl.BlockSpec(memory_space=space)],
        out_specs=pl.BlockSpec(block, index),
        out_shape=jax.ShapeDtypeStruct(TOTAL, jnp.float32),
    )(key)


tkey = jax.random.key_data(jax.random.key(3))
small = sample(tkey, (8, 128), False, pltpu.VMEM)
large = sample(tkey, (16, 256), True, pltpu.VMEM)
tile = jax.random.uniform(jax.random.fold_in(tkey, 2 * 2 + 1), TILE, minval=-1.0, maxval=1.0)
print(bool(jnp.array_equal(small, large)), bool(jnp.array_equal(small[16:24, 128:], tile)))  # expect: True True
print(float(small.min()) >= -1.0, abs(float(small.mean())) < 0.05)  # expect: True True

pkey = pltpu.to_pallas_key(jax.random.key(3))
hw_small = sample(pkey, (8, 128), False, pltpu.SMEM)
hw_large = sample(pkey, (16, 256), True, pltpu.SMEM)
print(bool(jnp.array_equal(hw_small, hw_large)))  # [tpu,chip] expect: True
print(float(hw_small.mean()) == -1.0, abs(float(hw_small.mean())) < 0.05)  # [tpu] expect: True False  # [chip] expect: False True
print(bool(jnp.array_equal(hw_small[:8, :128], hw_small[8:16, :128])))  # [tpu] expect: True  # [chip] expect: False
