# Infinite recursion while a kernel body is traced ends with RecursionError
# on every rung, like host code.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def helper(x, n):
    return helper(x + 1.0, n + 1)  # expect error: RecursionError: maximum recursion depth exceeded (limit 200)

def k(x_ref, o_ref):
    o_ref[...] = helper(x_ref[...], 0)

y = pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32), interpret=True)(jnp.ones((8, 128), jnp.float32))
