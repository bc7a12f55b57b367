import jax
k = jax.random.PRNGKey(0)
print(k)  # expect: [0 0]
print(jax.random.PRNGKey(42))  # expect: [ 0 42]
print(jax.random.split(k).shape, jax.random.split(k, 4).shape)  # expect: (2, 2) (4, 2)
