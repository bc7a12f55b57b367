import jax.numpy as jnp
x = jnp.ones(3)
print(jnp.expand_dims(x, 0).shape)  # expect: (1, 3)
print(jnp.expand_dims(x, (0, 2)).shape)  # expect: (1, 3, 1)
print(jnp.squeeze(jnp.ones((1, 3, 1))).shape)  # expect: (3,)
print(jnp.squeeze(jnp.ones((1, 3, 1)), axis=0).shape)  # expect: (3, 1)
jnp.squeeze(jnp.ones((2, 3)), axis=0)  # expect error: ValueError: cannot select an axis to squeeze out which has size not equal to one, got shape=(2, 3) and dimensions=(0,)
