import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def copy(x_ref, o_ref):
    o_ref[...] = x_ref[...]

def copy2(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...]

gs = pl.GridSpec(grid=(1,))
pl.pallas_call(copy, out_shape=jax.ShapeDtypeStruct((8,), jnp.float32), grid_spec=gs, grid=(2,), interpret=True)  # expect error: ValueError: If `grid_spec` is specified, then `grid` must be `()`. It is (2,)
