# An inferred dimension must divide the ref's size evenly.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def kernel(x_ref, o_ref):
    o_ref[...] = x_ref.reshape(3, -1)[...]  # expect error: ValueError: Specified dims (3, -1) do not evenly divide the size of the ref (1024).

x = jnp.ones((8, 128), jnp.float32)
pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32), interpret=True)(x)
