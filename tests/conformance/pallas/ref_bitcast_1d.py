# A 1-D ref has no second-minor dimension to pack along.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def kernel(x_ref, o_ref):
    o_ref[...] = x_ref.bitcast(jnp.int32)[...]  # expect error: NotImplementedError: Bitcast 1D ref with bitwidth change is not supported.

x = jnp.ones((256,), jnp.bfloat16)
pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((128,), jnp.int32), interpret=True)(x)
