import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def copy(x_ref, o_ref):
    o_ref[...] = x_ref[...]

def copy2(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...]

x = jnp.zeros((8, 128), jnp.int32)
pl.pallas_call(copy, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.int32), input_output_aliases={0: 1}, interpret=True)(x)  # expect error: ValueError: input_output_aliases contains the mapping '0:1' with output index 1 outside the range [0, 1)
