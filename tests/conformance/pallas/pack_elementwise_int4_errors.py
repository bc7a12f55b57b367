# pack_elementwise checks its sources as JAX's abstract evaluation does,
# before any rung runs it: the count must be the packing factor.
import jax.numpy as jnp
from jax.experimental.pallas import tpu as pltpu

xs = [jnp.zeros((8, 128), jnp.int16)] * 3
pltpu.pack_elementwise(xs, packed_dtype=jnp.int8)  # expect error: ValueError: The number of sources must match the packing factor (2), got 3
