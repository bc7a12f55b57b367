# A kernel that quantizes a float32 block to two float8 formats and writes
# float8 outputs: e5m2 keeps an infinity and overflows to it, e4m3fn has
# none and overflows to NaN; both round to nearest even, as ml_dtypes does.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def quantize(x_ref, e5_ref, e4_ref):
    x = x_ref[...] * 2.0
    e5_ref[...] = x.astype(jnp.float8_e5m2)
    e4_ref[...] = x.astype(jnp.float8_e4m3fn)


x = jnp.tile(jnp.array([0.15, 232.0, 40000.0, -0.4], jnp.float32), (8, 32))
e5, e4 = pl.pallas_call(
    quantize,
    out_shape=(jax.ShapeDtypeStruct(x.shape, jnp.float8_e5m2), jax.ShapeDtypeStruct(x.shape, jnp.float8_e4m3fn)),
)(x)
print(e5.dtype, e5[0, :4])  # expect: float8_e5m2 [0.3125 448 inf -0.75]
print(e4.dtype, e4[0, :4])  # expect: float8_e4m3fn [0.3125 448 nan -0.8125]
print(e4.astype(jnp.float32)[7, 124:])  # expect: [ 3.125e-01  4.480e+02        nan -8.125e-01]
