import jax
import jax.numpy as jnp

a = jnp.arange(6).reshape(2, 3)
b = a * 2.5
c = jnp.where(a > 2, a, -1)
d = jnp.array([True, False])
e = jnp.full((2,), jnp.nan, jnp.float32)
n = 3
s = "not an array"
