# jax.random's transforms of uniform draws, as initializers and noise
# models call them: exponential, laplace, logistic, cauchy, rademacher and
# truncated_normal (scalar and per-element bounds). Each is random/core.py's
# float32 arithmetic on the same uniform words, so it can be rebuilt from
# jax.random.uniform with the same key.
import math

import jax
import jax.numpy as jnp
from jax import lax

key = jax.random.key(5)
u = jax.random.uniform(key, (1000,))
e = jax.random.exponential(key, (1000,))
print(e.dtype, bool(jnp.array_equal(e, -jnp.log1p(-u))), round(float(jnp.mean(e)), 1))  # expect: float32 True 1.0
lo = jax.random.uniform(key, (1000,), minval=-1.0 + 2.0 ** -24, maxval=1.0)
print(bool(jnp.array_equal(jax.random.laplace(key, (1000,)), jnp.sign(lo) * jnp.log1p(-jnp.abs(lo)))))  # expect: True
t = jax.random.uniform(key, (1000,), minval=float(jnp.finfo(jnp.float32).tiny), maxval=1.0)
print(bool(jnp.array_equal(jax.random.logistic(key, (1000,)), jnp.log(t) - jnp.log1p(-t))))  # expect: True
c = jax.random.uniform(key, (1000,), minval=float(jnp.finfo(jnp.float32).eps), maxval=1.0)
print(bool(jnp.array_equal(jax.random.cauchy(key, (1000,)), jnp.tan(jnp.float32(math.pi) * (c - 0.5)))))  # expect: True
r = jax.random.rademacher(key, (1000,))
print(r.dtype, sorted(set(r.tolist())), bool(jnp.array_equal(r, 2 * jax.random.bernoulli(key, 0.5, (1000,)).astype(jnp.int32) - 1)))  # expect: int32 [-1, 1] True
tn = jax.random.truncated_normal(key, -2.0, 2.0, (1000,))
print(tn.dtype, float(tn.min()) > -2.0, float(tn.max()) < 2.0, abs(float(jnp.mean(tn))) < 0.1)  # expect: float32 True True True
print(bool(jnp.array_equal(tn, jnp.sqrt(2.0) * lax.erf_inv(u * (2 * lax.erf(jnp.float32(2.0) / jnp.sqrt(2.0))) + lax.erf(jnp.float32(-2.0) / jnp.sqrt(2.0))))))  # expect: True
per = jax.random.truncated_normal(key, jnp.array([0.0, -1.0, 5.0]), jnp.array([1.0, 0.0, 6.0]))
print(per.shape, bool(jnp.all((per > jnp.array([0.0, -1.0, 5.0])) & (per < jnp.array([1.0, 0.0, 6.0])))))  # expect: (3,) True
jax.random.exponential(key, (2,), jnp.int32)  # expect error: ValueError: dtype argument to `exponential` must be a float dtype, got int32
