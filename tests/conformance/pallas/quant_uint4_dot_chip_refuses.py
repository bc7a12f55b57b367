# uint4 weights fed straight into jnp.dot: the interpreters multiply them,
# but Mosaic's dot_general reads every integer operand as signed and
# refuses unsigned ones; casting to int8 first is the fix it names.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def dequant_signed(x_ref, w_ref, o_ref):
    o_ref[...] = jnp.dot(x_ref[...], w_ref[...].astype(jnp.int8), preferred_element_type=jnp.int32)


def direct(x_ref, w_ref, o_ref):
    o_ref[...] = jnp.dot(x_ref[...], w_ref[...], preferred_element_type=jnp.int32)  # [chip] expect error: NotImplementedError: Unsigned integer dtype uint4 is not supported for dot_general (matmul) on the Pallas Mosaic TPU backend because dot_general interprets all integer inputs as signed. Consider casting to a signed type before the dot operation.


x = (jnp.arange(8 * 128).reshape(8, 128) % 3).astype(jnp.int8)
w = (jnp.arange(128 * 128).reshape(128, 128) % 16).astype(jnp.uint4)
shape = jax.ShapeDtypeStruct((8, 128), jnp.int32)
good = pl.pallas_call(dequant_signed, out_shape=shape)(x, w)
print(good.dtype, good[0, :4], good[7, 124:])  # expect: int32 [  0 127 254 381] [1536 1664 1792 1920]
bad = pl.pallas_call(direct, out_shape=shape)(x, w)
print(bool(jnp.array_equal(good, bad)))  # [interpret,tpu] expect: True
