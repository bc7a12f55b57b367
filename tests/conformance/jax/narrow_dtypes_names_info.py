# JAX's narrow dtypes by name: jnp's scalar types, their dtypes' names and
# itemsizes, iinfo/finfo figures (ml_dtypes' tables) and
# jax.dtypes.itemsize_bits, as a quantization helper reads them to pick
# clipping ranges and scales.
import jax
import jax.numpy as jnp
import ml_dtypes
from jax._src import dtypes

print(jnp.int4, jnp.dtype(jnp.uint4))  # expect: <class 'jax.numpy.int4'> uint4
print(jnp.dtype("float8_e4m3fn").name, jnp.dtype(ml_dtypes.float8_e5m2).itemsize)  # expect: float8_e4m3fn 1
print(jnp.iinfo(jnp.int4).min, jnp.iinfo(jnp.int4).max, jnp.iinfo(jnp.uint4).max)  # expect: -8 7 15
print(jnp.iinfo(jnp.int4).bits, jnp.iinfo(jnp.int2).min)  # expect: 4 -2
fi = jnp.finfo(jnp.float8_e4m3fn)
print(fi.max, fi.eps, fi.tiny, fi.nmant, fi.maxexp)  # expect: 448 0.125 0.015625 3 9
print(jnp.finfo(jnp.float8_e5m2).max, jnp.finfo(jnp.float8_e4m3fnuz).max)  # expect: 57344 240
print(jnp.finfo(jnp.float8_e4m3b11fnuz).max, jnp.finfo(jnp.float4_e2m1fn).max)  # expect: 30 6
print(fi)  # expect: finfo(resolution=0.101562, min=-4.48e+02, max=4.48e+02, dtype=float8_e4m3fn)
print(dtypes.itemsize_bits(jnp.int4), dtypes.itemsize_bits(jnp.float8_e5m2), dtypes.itemsize_bits(jnp.bfloat16))  # expect: 4 8 16
print(dtypes.supports_inf(jnp.float8_e4m3fn), dtypes.supports_inf(jnp.float8_e5m2))  # expect: False True
q = jnp.array([1, 2], dtype=jnp.int4)
print(repr(q))  # expect: Array([1, 2], dtype=int4)
print(q.dtype, q.itemsize, q.nbytes)  # expect: int4 1 2
print(jnp.issubdtype(q.dtype, jnp.integer), jnp.issubdtype(jnp.float8_e4m3fn, jnp.floating))  # expect: True True
