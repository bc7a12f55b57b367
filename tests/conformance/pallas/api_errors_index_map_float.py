import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def copy(x_ref, o_ref):
    o_ref[...] = x_ref[...]

def copy2(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...]

a = jnp.zeros((8,), jnp.float32)
pl.pallas_call(copy, out_shape=jax.ShapeDtypeStruct((8,), jnp.float32), grid=(1,), in_specs=[pl.BlockSpec((8,), lambda i: (5.,))], interpret=True)(a)  # expect error: ValueError: Index map function <lambda> at api_errors_index_map_float.py:13 for args[0] must return integer scalars. Output[0] has type float32[].
