# jnp.concat, the Array API spelling of concatenate (axis keyword-only,
# default 0), as kernels that build windows of state rows call it.
import jax.numpy as jnp

a = jnp.arange(4).reshape(2, 2)
print(jnp.concat([a, a]).shape, jnp.concat([a, a], axis=1).shape)  # expect: (4, 2) (2, 4)
print(jnp.concat([a, a], axis=None))  # expect: [0 1 2 3 0 1 2 3]
