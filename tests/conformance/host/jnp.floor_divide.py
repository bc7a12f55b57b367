import jax.numpy as jnp
x = jnp.array([-7, 7])
print(jnp.floor_divide(x, 2), x // 2)  # expect: [-4  3] [-4  3]
print(jnp.remainder(x, 3), jnp.mod(x, -3))  # expect: [2 1] [-1 -2]
print(jnp.divide(x, 2))  # expect: [-3.5  3.5]
