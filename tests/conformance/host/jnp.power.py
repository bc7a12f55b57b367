import jax.numpy as jnp
print(jnp.power(jnp.arange(4), 2))  # expect: [0 1 4 9]
print(jnp.power(2.0, jnp.arange(3.0)))  # expect: [1. 2. 4.]
print(jnp.square(jnp.arange(3)), jnp.reciprocal(jnp.array([2.0, 4.0])))  # expect: [0 1 4] [0.5  0.25]
print(jnp.abs(jnp.array([-1, 2])), jnp.sign(jnp.array([-2.0, 0.0, 3.0])))  # expect: [1 2] [-1.  0.  1.]
