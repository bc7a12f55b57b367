import jax.numpy as jnp
x = jnp.arange(6.0).reshape(2, 3)
print(jnp.sum(x))  # expect: 15.0
print(jnp.sum(x, axis=0))  # expect: [3. 5. 7.]
print(jnp.sum(x, axis=1, keepdims=True).shape)  # expect: (2, 1)
print(repr(jnp.sum(jnp.array([True, False, True]))))  # expect: Array(2, dtype=int32)
print(jnp.prod(jnp.arange(1, 5)))  # expect: 24
jnp.sum(x, axis=2)  # expect error: ValueError: axis 2 is out of bounds for array of dimension 2
