import jax.numpy as jnp
x = jnp.array([3, 1, 2])
print(jnp.sort(x), jnp.argsort(x))  # expect: [1 2 3] [1 2 0]
print(jnp.sort(jnp.array([[3, 1], [0, 2]]), axis=0).tolist())  # expect: [[0, 1], [3, 2]]
