import jax.numpy as jnp
print(repr(jnp.array([1, 2, 3])))  # expect: Array([1, 2, 3], dtype=int32)
print(repr(jnp.array([1.0, 2.0])))  # expect: Array([1., 2.], dtype=float32)
print(repr(jnp.asarray(3.0)))  # expect: Array(3., dtype=float32, weak_type=True)
print(jnp.asarray([[1, 2], [3, 4]], dtype=jnp.float32).tolist())  # expect: [[1.0, 2.0], [3.0, 4.0]]
print(jnp.array([True, False]).dtype == jnp.bool_)  # expect: True
