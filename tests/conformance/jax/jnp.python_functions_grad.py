# Gradients through the Python-written jnp functions, as loss harnesses take
# them: hypot, polyval, linalg.norm, nanmean (NaN entries get 0), take and
# take_along_axis (repeats add up, out-of-bounds picks get nothing),
# logaddexp, kron.
import jax
import jax.numpy as jnp

x0 = jnp.float32(3.0)
print(jax.grad(lambda x: jnp.hypot(x, 4.0))(x0), jax.grad(lambda x: jnp.polyval(jnp.array([1.0, 0.0, 0.0]), x))(x0))  # expect: 0.6 6.0
print(jax.grad(lambda v: jnp.linalg.norm(v))(jnp.array([3.0, 4.0])), jax.grad(jnp.nanmean)(jnp.array([3.0, jnp.nan])))  # expect: [0.6 0.8] [1. 0.]
v = jnp.array([3.0, 4.0])
print(jax.grad(lambda v: jnp.take_along_axis(v, jnp.array([1, 1]), axis=0).sum())(v), jax.grad(lambda v: jnp.take(v, jnp.array([1, 1, 5])).sum())(v))  # expect: [0. 2.] [0. 2.]
print(jax.grad(lambda x: jnp.logaddexp(x, 1.0))(jnp.float32(1.0)), jax.grad(lambda v: jnp.kron(v, jnp.ones(2)).sum())(v))  # expect: 0.5 [2. 2.]
