# Two cores write the same output block under a "parallel" grid: rung 2
# with detect_races reports the race; the values agree on every rung.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def write_block(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2


x = jnp.ones((8, 128), jnp.float32)
y = pl.pallas_call(
    write_block,
    grid=(2,),
    in_specs=[pl.BlockSpec((8, 128), lambda i: (0, 0))],
    out_specs=pl.BlockSpec((8, 128), lambda i: (0, 0)),
    out_shape=x,
    compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel",)),
    interpret=pltpu.InterpretParams(detect_races=True, num_cores_or_threads=2),
)(x)
