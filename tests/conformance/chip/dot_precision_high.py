# Mosaic has contract precisions for DEFAULT and HIGHEST only; HIGH is a
# NotImplementedError at the matmul.
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl

def kernel(x_ref, y_ref, o_ref):
    o_ref[...] = jnp.dot(x_ref[...], y_ref[...], precision=lax.Precision.HIGH)  # [chip] expect error: NotImplementedError: Unsupported dot precision: HIGH

x = jnp.ones((128, 128), jnp.float32)
out = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((128, 128), jnp.float32))(x, x)
print(float(out[0, 0]))  # [interpret,tpu] expect: 128.0
