import jax.numpy as jnp
print(jnp.full((3,), 1.5))  # expect: [1.5 1.5 1.5]
print(repr(jnp.full((2,), 7)))  # expect: Array([7, 7], dtype=int32, weak_type=True)
print(repr(jnp.full((2,), 7, dtype=jnp.float32)))  # expect: Array([7., 7.], dtype=float32)
print(jnp.full((2, 3), jnp.arange(3)).tolist())  # expect: [[0, 1, 2], [0, 1, 2]]
