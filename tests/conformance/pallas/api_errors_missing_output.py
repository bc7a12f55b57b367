import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def my_kernel(x_ref):
    pass

x = jnp.zeros((8,), jnp.float32)
pl.pallas_call(my_kernel, out_shape=jax.ShapeDtypeStruct((8,), jnp.float32), interpret=True)(x)  # expect error: TypeError: my_kernel() takes 1 positional argument but 2 were given
