import jax.numpy as jnp
print(jnp.concatenate([jnp.arange(2), jnp.arange(3)]))  # expect: [0 1 0 1 2]
print(jnp.concatenate([jnp.ones((1, 2)), jnp.zeros((1, 2))], axis=1))  # expect: [[1. 1. 0. 0.]]
print(jnp.concatenate([jnp.arange(2), jnp.ones(1)]).dtype == jnp.float32)  # expect: True
jnp.concatenate([jnp.ones(2), jnp.ones((2, 2))])  # expect error: ValueError: Cannot concatenate arrays with different numbers of dimensions: got (2,), (2, 2).
