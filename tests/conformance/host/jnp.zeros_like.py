import jax
import jax.numpy as jnp
x = jnp.arange(4.0)
print(jnp.zeros_like(x))  # expect: [0. 0. 0. 0.]
print(jnp.ones_like(x, dtype=jnp.int32))  # expect: [1 1 1 1]
print(jnp.full_like(x, 2, shape=(2,)))  # expect: [2. 2.]
print(jnp.zeros_like(jax.ShapeDtypeStruct((2,), jnp.int32)))  # expect: [0 0]
