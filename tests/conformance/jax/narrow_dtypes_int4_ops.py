# Integer ops on int4 follow XLA's 4-bit arithmetic: sums accumulate in the
# default int type (jnp.sum promotes narrow integers), shifts act on the
# 4-bit pattern, float8 and int4 bits bitcast to and from uint8, and float8
# reductions round back to float8 once.
import jax.numpy as jnp
from jax import lax

w = jnp.array([7, -8, 3], jnp.int4)
print(jnp.sum(w), jnp.sum(w).dtype, w.max(), jnp.min(w))  # expect: 2 int32 7 -8
print(w >> 1, lax.shift_right_logical(w, jnp.ones(3, jnp.int4)))  # expect: [3 -4 1] [3 4 1]
print(w << 1, -w, jnp.abs(w))  # expect: [-2 0 6] [-7 -8 -3] [7 -8 3]
u = jnp.array([15, 1], jnp.uint4)
print(u + 1, (u * 3).dtype)  # expect: [0 2] uint4
f = jnp.array([0.5, -1.5, 448.0], jnp.float8_e4m3fn)
print(lax.bitcast_convert_type(f, jnp.uint8))  # expect: [ 48 188 126]
print(lax.bitcast_convert_type(jnp.array([0x38, 0x7F], jnp.uint8), jnp.float8_e4m3fn))  # expect: [1 nan]
# int4 pairs pack low nibble first, as XLA's BitcastConvert reads them.
print(lax.bitcast_convert_type(jnp.array([0x21, 0xF3], jnp.uint8), jnp.int4).tolist())  # expect: [[1, 2], [3, -1]]
print(lax.bitcast_convert_type(jnp.array([[1, -8]], jnp.int4), jnp.uint8))  # expect: [129]
print(f.sum(), f.sum().dtype, f * f)  # expect: 448 float8_e4m3fn [0.25 2.25 nan]
print(jnp.nextafter(jnp.array([1.0], jnp.float8_e4m3fn), jnp.array([2.0], jnp.float8_e4m3fn)))  # expect: [1.125]
