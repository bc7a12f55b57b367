from jax import lax
import jax.numpy as jnp
print(lax.reduce_sum(jnp.ones((2, 3)), (1,)))  # expect: [3. 3.]
print(lax.reduce_max(jnp.arange(4), (0,)))  # expect: 3
print(lax.argmax(jnp.array([1, 3, 2]), 0, jnp.int32))  # expect: 1
print(lax.cumsum(jnp.arange(4), reverse=True))  # expect: [6 6 5 3]
