# frexp/ldexp as float-format emulation code splits and rebuilds values:
# mantissas in [0.5, 1) with int32 exponents (subnormals, zero, inf kept),
# ldexp without intermediate overflow, other float widths, JAX's errors.
import jax.numpy as jnp

m, e = jnp.frexp(jnp.array([8.0, -5.0, 0.0, jnp.inf, 1.0]))
print(m, e, e.dtype)  # expect: [ 0.5   -0.625  0.       inf  0.5  ] [4 3 0 0 1] int32
print(jnp.frexp(jnp.float32(1e-40))[1], jnp.frexp(jnp.array([6.0], jnp.bfloat16)))  # expect: -132 (Array([0.75], dtype=bfloat16), Array([3], dtype=int32))
print(jnp.ldexp(jnp.array([0.5, 1.0, 3.0]), jnp.array([4, -1, 2])), jnp.ldexp(1.0, 127))  # expect: [ 8.   0.5 12. ] 1.7014118e+38
print(jnp.ldexp(1e-30, 120), jnp.ldexp(jnp.float32(3.0), jnp.int32(200)))  # expect: 1329228.0 inf
mm, ee = jnp.frexp(jnp.array([0.3, 1234.5]))
print(jnp.ldexp(mm, ee))  # expect: [3.0000e-01 1.2345e+03]
jnp.ldexp(1.0, 2.0)  # expect error: ValueError: ldexp not supported for input types (dtype('float32'), dtype('float32'))
