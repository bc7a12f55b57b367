# emit_pipeline refuses a grid with a zero (or negative) static size, as
# JAX's pipeline does, before anything runs.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(o_hbm):
    def body(o_ref):
        o_ref[...] = jnp.zeros((8, 128), jnp.float32)

    pltpu.emit_pipeline(body, grid=(2, 0), out_specs=pl.BlockSpec((8, 128), lambda i, j: (i, j)))(o_hbm)  # expect error: ValueError: All elements in the grid must be strictly positive, but got grid=(2, 0)


pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((16, 128), jnp.float32),
               out_specs=pl.BlockSpec(memory_space=pl.ANY))()
