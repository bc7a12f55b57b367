import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def k(x_ref, o_ref):
    o_ref[...] = x_ref[...]

x = jnp.zeros((8, 128), jnp.float32)
f = pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
                   in_specs=[pl.BlockSpec((8, 128), lambda i, j: (0, 0))], interpret=True)
f(x)  # expect error: TypeError: <lambda>() missing 2 required positional arguments: 'i' and 'j'
