import jax.numpy as jnp
print(jnp.iinfo(jnp.int8).min, jnp.iinfo(jnp.int8).max)  # expect: -128 127
print(jnp.iinfo(jnp.uint8).max, jnp.iinfo(jnp.int32).bits)  # expect: 255 32
print(jnp.finfo(jnp.float32).eps)  # expect: 1.1920929e-07
print(jnp.finfo(jnp.float32).max)  # expect: 3.4028235e+38
jnp.iinfo(jnp.float32)  # expect error: ValueError: Invalid integer data type 'f'.
