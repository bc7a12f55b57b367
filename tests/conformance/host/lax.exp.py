from jax import lax
import jax.numpy as jnp
print(lax.rsqrt(jnp.array([4.0, 16.0])))  # expect: [0.5  0.25]
print(lax.integer_pow(jnp.arange(4), 3))  # expect: [ 0  1  8 27]
lax.exp(jnp.arange(3))  # expect error: TypeError: exp does not accept dtype int32. Accepted dtypes are subtypes of floating, complexfloating.
