# jnp.einsum with preferred_element_type does not promote its operands, as
# JAX's does not: a bfloat16 query against a float8 key (ragged paged
# attention's quantized KV cache) contracts in float32; without it, the
# 8-bit float has no implicit promotion path (JAX's error).
import jax.numpy as jnp

q = jnp.array([[1.5, 2.0]], jnp.bfloat16)
k = jnp.array([[0.5, 4.0], [1.0, -2.0]], jnp.float8_e5m2)
r = jnp.einsum("nd,md->nm", q, k, preferred_element_type=jnp.float32)
print(r, r.dtype)  # expect: [[ 8.75 -2.5 ]] float32
print(jnp.einsum("nd,md->nm", q, q).dtype, jnp.einsum("nd,md->nm", q, q, preferred_element_type=jnp.float32).dtype)  # expect: bfloat16 float32
jnp.einsum("nd,md->nm", q, k)  # expect error: TypePromotionError: Input dtypes ('bfloat16', 'float8_e5m2') have no available implicit dtype promotion path. To avoid unintended promotion, 8-bit floats do not support implicit promotion. If you'd like your inputs to be promoted to another type, you can do so explicitly using e.g. x.astype('float32')
