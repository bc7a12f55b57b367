import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def k(x_ref, o_ref):
    o_ref[...] = x_ref  # expect error: ValueError: Cannot store a Ref into another Ref. Did you forget to load from it using `[...]`?

x = jnp.zeros((8,), jnp.float32)
pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((8,), jnp.float32), interpret=True)(x)
