# lax.reduce_precision as mixed-precision harnesses emulate bf16/fp16/fp8
# rounding on float32 values: round-to-nearest-even of the mantissa, overflow
# to inf, underflow to zero, NaN kept (and +inf when no mantissa bit is left),
# bit-exact with XLA's ReducePrecision (in kernels: lax.reduce_precision_kernel).
import jax
import jax.numpy as jnp
from jax import lax

x = jnp.array([1.0, 1.00390625, 1.01171875, 3.0e38, 65504.0, 65520.0, -jnp.inf, 0.1])
print(lax.reduce_precision(x, exponent_bits=8, mantissa_bits=7).tolist())  # expect: [1.0, 1.0, 1.015625, 3.00405527047391e+38, 65536.0, 65536.0, -inf, 0.10009765625]
print(lax.reduce_precision(x, 5, 10).tolist())  # expect: [1.0, 1.00390625, 1.01171875, inf, 65504.0, inf, -inf, 0.0999755859375]
print(bool(jnp.all(lax.reduce_precision(x, 8, 7) == x.astype(jnp.bfloat16).astype(jnp.float32))))  # expect: True
print(lax.reduce_precision(jnp.array([jnp.nan, 1e-39]), 8, 0), lax.reduce_precision(jnp.array([jnp.nan, -1e-39]), 5, 2))  # expect: [inf  0.] [nan -0.]
print(lax.reduce_precision(jnp.array([240.0, 248.0, 0.02, 0.01]), 4, 3).tolist())  # expect: [240.0, inf, 0.01953125, 0.0]

lax.reduce_precision(jnp.arange(3), 8, 7)  # expect error: TypeError: reduce_precision does not accept dtype int32. Accepted dtypes are subtypes of floating.
