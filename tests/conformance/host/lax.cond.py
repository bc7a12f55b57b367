from jax import lax
import jax.numpy as jnp
print(lax.cond(True, lambda x: x + 1, lambda x: x - 1, 5))  # expect: 6
print(lax.cond(jnp.array(0), lambda: 1.0, lambda: 2.0))  # expect: 2.0
a, b = lax.cond(False, lambda x, y: (x, y), lambda x, y: (y, x), 1, 2)
print(a, b)  # expect: 2 1
lax.cond(jnp.array([True, False]), lambda: 1, lambda: 2)  # expect error: TypeError: Pred must be a scalar, got [ True False] of shape (2,).
