import jax.numpy as jnp
print(jnp.result_type(jnp.int8, jnp.uint8) == jnp.int16)  # expect: True
print(jnp.promote_types(jnp.int32, jnp.float32) == jnp.float32)  # expect: True
print(repr(jnp.arange(3) * 2.0))  # expect: Array([0., 2., 4.], dtype=float32, weak_type=True)
print(repr(jnp.arange(3, dtype=jnp.int8) + 1))  # expect: Array([1, 2, 3], dtype=int8)
print(repr(jnp.ones(2, jnp.bfloat16) + jnp.ones(2, jnp.float16)))  # expect: Array([2., 2.], dtype=float32)
