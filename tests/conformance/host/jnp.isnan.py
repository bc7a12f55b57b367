import jax.numpy as jnp
x = jnp.array([jnp.nan, jnp.inf, 1.0])
print(jnp.isnan(x))  # expect: [ True False False]
print(jnp.isinf(x))  # expect: [False  True False]
print(jnp.isfinite(x))  # expect: [False False  True]
print(jnp.nan_to_num(x, nan=0.0, posinf=9.0))  # expect: [0. 9. 1.]
