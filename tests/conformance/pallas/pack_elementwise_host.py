# Outside a kernel pack_elementwise has no evaluation rule in JAX (only
# Mosaic lowers it), on every rung.
import jax.numpy as jnp
from jax.experimental.pallas import tpu as pltpu

xs = [jnp.zeros((8, 128), jnp.int16), jnp.ones((8, 128), jnp.int16)]
pltpu.pack_elementwise(xs, packed_dtype=jnp.int8)  # expect error: NotImplementedError: Evaluation rule for 'pack_elementwise' not implemented
