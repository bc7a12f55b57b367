# Conversions to and from the narrow dtypes round as ml_dtypes does: to
# nearest even, past the largest finite value to inf (e5m2) or NaN (the fn
# and fnuz formats); int4 wraps integers and saturates floats.
import jax.numpy as jnp

x = jnp.array([0.3, 1.0, 448.0, 464.0, 500.0, -0.0], jnp.float32)
print(x.astype(jnp.float8_e4m3fn))  # expect: [0.3125 1 448 448 nan -0]
print(x.astype(jnp.float8_e4m3fnuz))  # expect: [0.3125 1 nan nan nan 0]
print(jnp.array([0.3, 1e5, 60000.0], jnp.float32).astype(jnp.float8_e5m2))  # expect: [0.3125 inf 57344]
print(jnp.array([7.0, 0.75, 2.5], jnp.float32).astype(jnp.float4_e2m1fn))  # expect: [6 1 2]
f8 = jnp.array([0.3, 2.0], jnp.float8_e4m3fn)
print(f8.astype(jnp.float32), f8.astype(jnp.bfloat16).dtype)  # expect: [0.3125 2.    ] bfloat16
print(jnp.array([9, -9, 7, 16], jnp.int32).astype(jnp.int4))  # expect: [-7 7 7 0]
print(jnp.array([100.0, -100.0, 2.7], jnp.float32).astype(jnp.int4))  # expect: [7 -8 2]
print(jnp.array([100.0, -3.0], jnp.float32).astype(jnp.uint4))  # expect: [15 0]
w = jnp.array([7, -8], jnp.int4)
print(w + 1, (w + 1).dtype)  # expect: [-8 -7] int4
print(w.astype(jnp.int32) * 2)  # expect: [ 14 -16]
print(jnp.float8_e4m3fn(0.1), jnp.int4(5) * 3)  # expect: 0.101562 -1
