# ref.reshape checks the element count when it is called
# (_canonicalize_reshape), on every rung: 8 x 128 elements are not 16 x 16.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def kernel(x_ref, o_ref):
    view = x_ref.reshape(16, 16)  # expect error: ValueError: cannot reshape shape (8, 128) into shape (16, 16)
    o_ref[...] = view[...]

x = jnp.ones((8, 128), jnp.float32)
pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((16, 16), jnp.float32), interpret=True)(x)
