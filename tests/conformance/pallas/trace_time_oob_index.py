import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[9]  # expect error: ValueError: Out of bound indexer: idx=9, dim=8.

x = jnp.zeros((8, 4), jnp.float32)
pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((4,), jnp.float32), interpret=True)(x)
