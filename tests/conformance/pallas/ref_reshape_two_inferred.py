# Only one dimension of ref.reshape may be inferred (-1).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def kernel(x_ref, o_ref):
    rows = x_ref.reshape((-1, 128))  # a tuple works like separate ints
    print(rows.shape)  # expect: (16, 128)
    o_ref[...] = x_ref.reshape(-1, -1, 128)[...]  # expect error: ValueError: At most one dimension can be -1, but got (-1, -1, 128)

x = jnp.ones((2, 8, 128), jnp.float32)
pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((2, 8, 128), jnp.float32), interpret=True)(x)
