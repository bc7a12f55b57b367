import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def copy(x_ref, o_ref):
    o_ref[...] = x_ref[...]

def copy2(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...]

a = jnp.zeros((8,), jnp.float32)
pl.pallas_call(copy, out_shape=jax.ShapeDtypeStruct((8,), jnp.float32), in_specs=[pl.BlockSpec(("x",), lambda: (0,))], interpret=True)(a)  # expect error: ValueError: Unsupported block dimension type: <class 'str'>. Allowed types: `pl.Squeezed`, `pl.Blocked`, `pl.Element`, `int`, `None`.
