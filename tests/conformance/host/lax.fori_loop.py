from jax import lax
import jax.numpy as jnp
print(lax.fori_loop(0, 5, lambda i, c: c + i, 0))  # expect: 10
print(lax.fori_loop(0, 3, lambda i, c: c * 2.0, jnp.ones(2)))  # expect: [8. 8.]
a, b = lax.fori_loop(0, 3, lambda i, c: (c[0] + 1, c[1] * 2), (0, 1.0))
print(a, b)  # expect: 3 8.0
print(repr(lax.fori_loop(0, 4, lambda i, c: c + 0.5, 0)))  # expect: Array(2., dtype=float32)
