import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl

def kernel(x_ref, w_ref, o_ref):
    w = w_ref[...]
    def step(acc, row):
        acc = acc * w + row
        return acc, acc
    _, rows = lax.scan(step, jnp.zeros((128,), jnp.float32), x_ref[...], reverse=True)
    o_ref[...] = rows

x = jnp.ones((4, 128), jnp.float32)
w = jnp.full((128,), 0.5, jnp.float32)
y = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((4, 128), jnp.float32), interpret=True)(x, w)
print(y[:, 0])
