import jax.numpy as jnp
print(jnp.eye(2).tolist())  # expect: [[1.0, 0.0], [0.0, 1.0]]
print(jnp.eye(2, 3, k=1, dtype=jnp.int32).tolist())  # expect: [[0, 1, 0], [0, 0, 1]]
print(jnp.identity(3).sum())  # expect: 3.0
