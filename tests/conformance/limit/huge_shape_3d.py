# A 10^9-element shape is refused before anything is allocated, whatever
# the dtype (the element cap is the memory budget / 4).
import jax.numpy as jnp
x = jnp.ones((1000, 1000, 1000), dtype=jnp.int8)  # expect error: MemoryError: array of shape (1000, 1000, 1000) has 1000000000 elements, more than the limit of 250000001 elements
