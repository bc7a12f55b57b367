# Numerically careful elementwise helpers that log-space attention and
# geometry harnesses call: logaddexp/logaddexp2 (exact for -inf and equal
# infinities), hypot (no overflow), heaviside, ldexp-free degree helpers,
# gcd/lcm, in host code and inside a kernel.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

ninf = -jnp.inf
print(jnp.logaddexp(jnp.array([0.0, 1.0, ninf]), jnp.array([0.0, ninf, ninf])))  # expect: [0.6931472 1.             -inf]
print(jnp.logaddexp2(1.0, 1.0), jnp.logaddexp(jnp.inf, jnp.inf))  # expect: 2.0 inf
print(jnp.logaddexp(jnp.array([1, 2]), 0).dtype)  # expect: float32
print(jnp.hypot(3.0, 4.0), jnp.hypot(jnp.float32(3e30), jnp.float32(4e30)))  # expect: 5.0 5e+30
print(jnp.heaviside(jnp.array([-1.0, 0.0, 2.0]), 0.5))  # expect: [0.  0.5 1. ]
print(jnp.rad2deg(jnp.pi), jnp.deg2rad(180.0))  # expect: 180.0 3.1415927
print(jnp.gcd(jnp.array([12, 18, 0]), 8), jnp.lcm(jnp.array([4, 6]), 10))  # expect: [4 2 8] [20 30]


def kernel(m_ref, s_ref, o_ref):
    # The online-softmax merge of two partial log-sums.
    o_ref[...] = jnp.logaddexp(m_ref[...], s_ref[...]) + jnp.hypot(m_ref[...], 0.0) * 0.0


m = jnp.full((8, 128), 0.0)
s = jnp.full((8, 128), ninf)
out = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32), interpret=True)(m, s)
print(out[0, :3])  # expect: [0. 0. 0.]
jnp.gcd(1.5, 2)  # expect error: ValueError: Arguments to jax.numpy.gcd must be integers.
