import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl

def kernel(x_ref, o_ref):
    def body(i, acc):
        return acc + x_ref[i]
    o_ref[...] = lax.fori_loop(0, 4, body, jnp.zeros((128,), jnp.float32))

x = jnp.ones((4, 128), jnp.float32)
y = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((128,), jnp.float32), interpret=True)(x)
print(y[:3])
