# Host matmuls with narrow operands: lax.dot_general picks the operand with
# more exponent, mantissa or bits, and preferred_element_type widens it.
import jax
import jax.numpy as jnp

a = jnp.array([[3, -4], [1, 2]], jnp.int8)
w = jnp.array([[7, 1], [-8, 2]], jnp.int4)
print(jnp.dot(a, w, preferred_element_type=jnp.int32).tolist())  # expect: [[53, -5], [-9, 5]]
print(jax.lax.dot(a, w).dtype, jnp.matmul(w, w).dtype)  # expect: int8 int4
x = jnp.array([[0.5, 2.0]], jnp.float8_e4m3fn)
y = jnp.array([[3.0], [0.25]], jnp.bfloat16)
print(jax.lax.dot(x, y).dtype, jax.lax.dot(x, y, preferred_element_type=jnp.float32))  # expect: bfloat16 [[2.]]
print(jnp.dot(x, x.T, preferred_element_type=jnp.float32))  # expect: [[4.25]]
print(jax.lax.dot(a, w, preferred_element_type=jnp.int4))  # expect error: TypeError: `preferred_element_type` must not be narrower than the original type, got preferred_element_type of int4 for result type of int8.
