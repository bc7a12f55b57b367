# dot_general treats integer inputs as signed on TPU, so unsigned ones are
# refused.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def kernel(x_ref, y_ref, o_ref):
    o_ref[...] = jnp.dot(x_ref[...], y_ref[...], preferred_element_type=jnp.int32)  # [chip] expect error: NotImplementedError: Unsigned integer dtype uint8 is not supported for dot_general (matmul) on the Pallas Mosaic TPU backend because dot_general interprets all integer inputs as signed. Consider casting to a signed type before the dot operation.

x = jnp.ones((128, 128), jnp.uint8)
out = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((128, 128), jnp.int32))(x, x)
print(int(out[0, 0]))  # [interpret,tpu] expect: 128
