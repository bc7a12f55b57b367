import jax.numpy as jnp
print(jnp.linspace(0, 1, 5))  # expect: [0.   0.25 0.5  0.75 1.  ]
print(jnp.linspace(0, 1, 4, endpoint=False))  # expect: [0.   0.25 0.5  0.75]
print(jnp.linspace(0, 10, 3, dtype=jnp.int32))  # expect: [ 0  5 10]
jnp.linspace(0, 1, -1)  # expect error: ValueError: Number of samples, -1, must be non-negative.
