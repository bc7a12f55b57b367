import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def copy(x_ref, o_ref):
    o_ref[...] = x_ref[...]

def copy2(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...]

x = jnp.zeros((8, 128), jnp.int32)
pl.pallas_call(copy2, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.int32), input_output_aliases={2: 0}, interpret=True)(x, x)  # expect error: ValueError: input_output_aliases contains the mapping '2:0' with input index 2 outside the range [0, 2)
