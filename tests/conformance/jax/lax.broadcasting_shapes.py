# lax's elementwise ops broadcast size-1 dimensions of equal-rank operands
# (lax._try_broadcast_shapes, since 2021) and scalars, but never add
# leading axes; shape errors name every non-scalar shape, rank errors the
# set of ranks, as JAX's shape rule words them.
import jax.numpy as jnp
from jax import lax

print(lax.add(jnp.ones(3), jnp.ones(1)))  # expect: [2. 2. 2.]
print(lax.mul(jnp.full((2, 1), 2.0), jnp.arange(3.0).reshape(1, 3)).tolist())  # expect: [[0.0, 2.0, 4.0], [0.0, 2.0, 4.0]]
print(lax.select(jnp.array([True, False]), jnp.ones(2), jnp.zeros(2)))  # expect: [1. 0.]
print(lax.max(jnp.arange(3), 1), lax.sub(5.0, jnp.ones((1, 2))).shape)  # expect: [1 1 2] (1, 2)
try:
    lax.add(jnp.ones((2, 3)), jnp.ones(3))
except TypeError as e:
    print(e)  # expect: add: arrays must have the same number of dimensions, got {1, 2}
lax.mul(jnp.ones((2, 3)), jnp.ones((3, 3)))  # expect error: TypeError: mul got incompatible shapes for broadcasting: (2, 3), (3, 3).
