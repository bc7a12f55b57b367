# float8_e4m3fnuz blocks multiply on the interpreters, but Mosaic builds a
# matmul accumulator only for bf16, f32, e5m2, e4m3fn, e4m3b11fnuz and ints:
# a dot whose result type is e4m3fnuz is refused by name, while the same
# dot asking for a float32 result lowers.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

F8 = jnp.float8_e4m3fnuz


def f32_acc(a_ref, b_ref, o_ref):
    o_ref[...] = jnp.dot(a_ref[...], b_ref[...], preferred_element_type=jnp.float32)


def f8_acc(a_ref, b_ref, o_ref):
    o_ref[...] = jnp.dot(a_ref[...], b_ref[...]).astype(jnp.float32)  # [chip] expect error: NotImplementedError: float8_e4m3fnuz


a = (jnp.arange(8 * 128).reshape(8, 128) % 3 - 1).astype(F8)
b = jnp.full((128, 128), 0.5, F8)
shape = jax.ShapeDtypeStruct((8, 128), jnp.float32)
good = pl.pallas_call(f32_acc, out_shape=shape)(a, b)
print(good[0, :3], good[1, :3])  # expect: [-0.5 -0.5 -0.5] [0. 0. 0.]
rounded = pl.pallas_call(f8_acc, out_shape=shape)(a, b)
print(rounded[0, :3])  # [interpret,tpu] expect: [-0.5 -0.5 -0.5]
