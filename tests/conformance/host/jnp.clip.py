import jax.numpy as jnp
x = jnp.arange(6)
print(jnp.clip(x, 1, 4))  # expect: [1 1 2 3 4 4]
print(jnp.clip(x, max=2))  # expect: [0 1 2 2 2 2]
print(jnp.clip(jnp.array([-1.5, 0.5, 2.5]), -1.0, 1.0))  # expect: [-1.   0.5  1. ]
