import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def my_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]
    return 0

x = jnp.zeros((8,), jnp.float32)
pl.pallas_call(my_kernel, out_shape=jax.ShapeDtypeStruct((8,), jnp.float32), interpret=True)(x)  # expect error: ValueError: The kernel function in the pallas_call my_kernel at api_errors_kernel_returns.py:5 should return None. It returns a PyTree: PyTreeDef(*)
