# lax.top_k's argument checks, in JAX's words.
import jax.numpy as jnp
from jax import lax

try:
    lax.top_k(jnp.arange(4), -1)
except ValueError as e:
    print(e)  # expect: k argument to top_k must be nonnegative, got -1
try:
    lax.top_k(jnp.float32(3.0), 1)
except TypeError as e:
    print(e)  # expect: top_k operand must have >= 1 dimension, got ()
lax.top_k(jnp.arange(4), 1, axis=2)  # expect error: ValueError: axis 2 is out of bounds for array of dimension 1
