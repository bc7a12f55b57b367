import jax.numpy as jnp
print(jnp.outer(jnp.array([1, 2]), jnp.array([3, 4])).tolist())  # expect: [[3, 4], [6, 8]]
print(jnp.inner(jnp.arange(3.0), jnp.arange(3.0)))  # expect: 5.0
print(jnp.tensordot(jnp.ones((2, 3)), jnp.ones((3, 4)), axes=1).shape)  # expect: (2, 4)
