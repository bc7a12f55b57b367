import jax.numpy as jnp
print(jnp.exp(jnp.array([0.0])))  # expect: [1.]
print(jnp.sqrt(jnp.array([1, 4, 9])))  # expect: [1. 2. 3.]
print(jnp.sqrt(jnp.arange(3)).dtype == jnp.float32)  # expect: True
print(repr(jnp.exp(0)))  # expect: Array(1., dtype=float32, weak_type=True)
print(jnp.tanh(jnp.zeros(2)))  # expect: [0. 0.]
