# Two cores, one output: a parallel grid split over 2 cores, and both write the whole output back.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(x_ref, o_ref):
    # Each step (one per core) adds its id into the same whole-array block.
    o_ref[...] = x_ref[...] + pl.program_id(0).astype(jnp.float32)


x = jnp.ones((8, 128), jnp.float32)
whole = pl.BlockSpec((8, 128), lambda i: (0, 0))
y = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(2,),
    in_specs=[whole],
    out_specs=whole,
    compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel",)),
    interpret=pltpu.InterpretParams(num_cores_or_threads=2, detect_races=True),
)(x)
# Which core's write survives is up to the schedule: 1.0 or 2.0.
print(y[0, 0])
