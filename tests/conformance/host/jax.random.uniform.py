import jax
import jax.numpy as jnp
k = jax.random.PRNGKey(1)
u = jax.random.uniform(k, (1000,))
print(u.shape, bool(jnp.all((u >= 0) & (u < 1))))  # expect: (1000,) True
print(jnp.array_equal(u, jax.random.uniform(k, (1000,))))  # expect: True
r = jax.random.randint(k, (50,), 3, 6)
print(bool(jnp.all((r >= 3) & (r < 6))))  # expect: True
print(jnp.sort(jax.random.permutation(k, 5)))  # expect: [0 1 2 3 4]
