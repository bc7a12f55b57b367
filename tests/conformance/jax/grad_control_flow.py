# jax.grad through host control flow: a static fori_loop, lax.scan (carry
# and stacked outputs), lax.cond, jnp.maximum with its tie rule, and
# jax.nn.logsumexp, integer-array indexing and .at[] updates, each against
# its derivative written out.
import jax
import jax.numpy as jnp
from jax import lax

x = jnp.array([0.5, 1.0, 1.5, 2.0], jnp.float32)


def close(a, b):
    return bool(jnp.allclose(a, b, atol=1e-5))


cube = lambda v: lax.fori_loop(0, 3, lambda i, c: c * v, jnp.ones(4)).sum()
print(close(jax.grad(cube)(x), 3 * x ** 2))  # expect: True

squares = lambda v: lax.scan(lambda c, xi: (c + xi * xi, c), 0.0, v)[0]
print(close(jax.grad(squares)(x), 2 * x))  # expect: True

prefix = lambda v: lax.scan(lambda c, xi: (c + xi, c * xi), 0.0, v)[1].sum()
# ys_t = (x_0 + ... + x_{t-1}) * x_t, so d/dx_k sum ys = (sum of x before k) + (sum of x after k)
print(close(jax.grad(prefix)(x), jnp.array([4.5, 4.0, 3.5, 3.0])))  # expect: True

branch = lambda v: lax.cond(v.sum() > 4.0, lambda a: jnp.sum(a ** 3), lambda a: jnp.sum(a), v)
print(close(jax.grad(branch)(x), 3 * x ** 2), close(jax.grad(branch)(x / 10), jnp.ones(4)))  # expect: True True

tie = lambda v: jnp.sum(jnp.maximum(v, 1.0))
print(jax.grad(tie)(x))  # expect: [0.  0.5 1.  1. ]

lse = jax.grad(lambda v: jax.nn.logsumexp(v))(x)
print(close(lse, jnp.exp(x) / jnp.sum(jnp.exp(x))))  # expect: True

# Gathers scatter their cotangent back, repeated indices adding up.
print(jax.grad(lambda v: jnp.sum(v[jnp.array([0, 2, 2])] ** 2))(x))  # expect: [1. 0. 6. 0.]
# .at[i].set: the overwritten position gets nothing through the set value's path.
print(jax.grad(lambda v: jnp.sum(v.at[1].set(5.0) * v))(x))  # expect: [1. 5. 3. 4.]
print(jax.grad(lambda u: jnp.sum(x.at[jnp.array([1, 3])].add(u) ** 2))(jnp.array([1.0, 2.0])))  # expect: [4. 8.]
