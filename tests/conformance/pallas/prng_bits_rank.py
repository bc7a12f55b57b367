# The hardware generator draws whole vector tiles: Mosaic lowers
# prng_random_bits (and the samplers built on it) only for outputs of rank
# two or more. The TPU interpreter has no such limit (its bits are zeros);
# the chip model refuses a 1-D draw as the lowering does.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def tile_kernel(o_ref):
    pltpu.prng_seed(3)
    o_ref[...] = pltpu.stateful_uniform((8, 128))


def row_kernel(o_ref):
    pltpu.prng_seed(3)
    o_ref[...] = pltpu.stateful_uniform((128,))  # [chip] expect error: NotImplementedError: random_bits only supports rank>=2 outputs.


tile = pl.pallas_call(tile_kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),  # [interpret] expect error: NotImplementedError: MLIR translation rule for primitive 'prng_seed' not found for platform cpu
                      interpret=pltpu.InterpretParams())()
print(tile.shape, float(tile.min()) >= 0.0)  # [tpu,chip] expect: (8, 128) True
row = pl.pallas_call(row_kernel, out_shape=jax.ShapeDtypeStruct((128,), jnp.float32), interpret=pltpu.InterpretParams())()
print(row.shape, float(row.max()))  # [tpu] expect: (128,) 0.0
