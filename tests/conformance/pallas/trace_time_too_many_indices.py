import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[0, 1]  # expect error: ValueError: `indices` must not be longer than `shape`: indices=(0, 1), shape=(8,)

x = jnp.zeros((8,), jnp.float32)
pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((), jnp.float32), interpret=True)(x)
