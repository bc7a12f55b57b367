import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def copy(x_ref, o_ref):
    o_ref[...] = x_ref[...]

def copy2(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...]

a = jnp.zeros((8,), jnp.float32)
def k(x_ref, o_ref):
    o_ref[...] = x_ref[...] * pl.program_id(1)  # expect error: ValueError: Axis 1 is out of bounds for grid (2,)
pl.pallas_call(k, grid=(2,), out_shape=jax.ShapeDtypeStruct((8,), jnp.float32), interpret=True)(a)
