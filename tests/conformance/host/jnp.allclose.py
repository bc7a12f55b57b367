import jax.numpy as jnp
x = jnp.array([1.0, 2.0])
print(jnp.allclose(x, x + 1e-6))  # expect: True
print(jnp.allclose(x, x + 1e-3))  # expect: False
print(jnp.isclose(x, jnp.array([1.0, 2.1])))  # expect: [ True False]
print(jnp.array_equal(x, x), jnp.array_equal(x, jnp.ones(3)))  # expect: True False
