import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def k(x_ref, y_ref, o_ref):
    o_ref[...] = jnp.dot(x_ref, y_ref[...])  # expect error: TypeError: Attempting to pass a Ref Ref<default>{float32[8,32]} to a primitive: dot_general -- did you forget to unpack ([...]) the ref?

x = jnp.zeros((8, 32), jnp.float32)
y = jnp.zeros((32, 8), jnp.float32)
pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((8, 8), jnp.float32), interpret=True)(x, y)
