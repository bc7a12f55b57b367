import jax
import jax.numpy as jnp
k = jax.random.PRNGKey(0)
x = jax.random.normal(k, (3, 4))
print(x.shape, x.dtype == jnp.float32)  # expect: (3, 4) True
print(jax.random.normal(k).shape)  # expect: ()
print(jnp.array_equal(x, jax.random.normal(k, (3, 4))))  # expect: True
jax.random.uniform(k, (2,), dtype=jnp.int32)  # expect error: ValueError: dtype argument to `uniform` must be a float dtype, got int32
