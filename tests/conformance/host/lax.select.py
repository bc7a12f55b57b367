from jax import lax
import jax.numpy as jnp
print(lax.select(jnp.array([True, False]), jnp.ones(2), jnp.zeros(2)))  # expect: [1. 0.]
print(lax.clamp(0, jnp.array([-1, 5, 2]), 3))  # expect: [0 3 2]
print(lax.convert_element_type(jnp.array([1.7, -1.7]), jnp.int32))  # expect: [ 1 -1]
