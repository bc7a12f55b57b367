import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def copy(x_ref, o_ref):
    o_ref[...] = x_ref[...]

def copy2(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...]

a = jnp.zeros((8,), jnp.float32)
spec = pl.BlockSpec((8,), lambda: (0,))
s = jax.ShapeDtypeStruct((8,), jnp.float32)
pl.pallas_call(copy2, out_shape=(s, s), out_specs=[spec], interpret=True)(a)  # expect error: ValueError: Pytree for `out_specs` and `out_shape` do not match. There are 1 mismatches, including:...
