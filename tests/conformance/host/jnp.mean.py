import jax.numpy as jnp
print(jnp.mean(jnp.arange(4)))  # expect: 1.5
print(repr(jnp.mean(jnp.arange(4))))  # expect: Array(1.5, dtype=float32)
print(jnp.mean(jnp.array([[1.0, 2.0], [3.0, 4.0]]), axis=0))  # expect: [2. 3.]
print(jnp.var(jnp.array([1.0, 2.0, 3.0, 4.0])), jnp.std(jnp.array([1.0, 2.0, 3.0, 4.0])))  # expect: 1.25 1.118034
