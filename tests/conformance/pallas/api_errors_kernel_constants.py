import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def copy(x_ref, o_ref):
    o_ref[...] = x_ref[...]

def copy2(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...]

a = jnp.zeros((8,), jnp.float32)
table = jnp.arange(8, dtype=jnp.float32)
def k(x_ref, o_ref):
    o_ref[...] = x_ref[...] + table
pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((8,), jnp.float32), interpret=True)(a)  # expect error: ValueError: The kernel function in the pallas_call k at api_errors_kernel_constants.py:14 captures constants [float32[8]]. You should pass them as inputs.
