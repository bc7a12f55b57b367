# A 10^10-element array is refused before anything is allocated.
import jax.numpy as jnp
x = jnp.zeros((100000, 100000))  # expect error: MemoryError: array of shape (100000, 100000) has 10000000000 elements, more than the limit of 250000001 elements
