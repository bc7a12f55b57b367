from jax import lax
import jax.numpy as jnp
print(lax.add(jnp.ones(3), 1.0))  # expect: [2. 2. 2.]
print(lax.mul(jnp.arange(3), 2))  # expect: [0 2 4]
lax.add(jnp.float32(1), jnp.int32(1))  # expect error: TypeError: lax.add requires arguments to have the same dtypes, got float32, int32.
