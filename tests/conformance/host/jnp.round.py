import jax.numpy as jnp
print(jnp.round(jnp.array([0.5, 1.5, 2.5, -0.5])))  # expect: [ 0.  2.  2. -0.]
print(jnp.round(jnp.array([1.25, 2.75]), 1))  # expect: [1.2 2.8]
print(jnp.floor(jnp.array([1.5, -1.5])), jnp.ceil(jnp.array([1.5, -1.5])))  # expect: [ 1. -2.] [ 2. -1.]
print(jnp.trunc(jnp.array([1.7, -1.7])))  # expect: [ 1. -1.]
