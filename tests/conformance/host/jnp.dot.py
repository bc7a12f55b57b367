import jax.numpy as jnp
a = jnp.arange(6.0).reshape(2, 3)
print(jnp.dot(a, jnp.ones(3)))  # expect: [ 3. 12.]
print(jnp.matmul(a, a.T).tolist())  # expect: [[5.0, 14.0], [14.0, 50.0]]
print((a @ jnp.ones((3, 4))).shape)  # expect: (2, 4)
print(jnp.dot(jnp.arange(3), jnp.arange(3)))  # expect: 5
