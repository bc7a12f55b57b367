# jax._src.state.utils.bitcast, the TPU-layout bitcast JAX's tests build
# their expected values with: a narrower type scales the second-minor
# dimension up (the halves of a row land in consecutive rows), a wider one
# packs consecutive rows back; 1-D inputs cannot change width.
import jax.numpy as jnp
from jax._src.state import utils as state_utils

x = jnp.array([[0x00020001, 0x00040003], [0x00060005, 0x00080007]], dtype=jnp.int32)
halves = state_utils.bitcast(x, jnp.int16)
print(halves.shape, halves.dtype)  # expect: (4, 2) int16
print(halves.tolist())  # expect: [[1, 3], [2, 4], [5, 7], [6, 8]]
print(bool((state_utils.bitcast(halves, jnp.int32) == x).all()))  # expect: True
print(state_utils.eval_bitcast_shape(x, jnp.int8), state_utils.bitcast(x, jnp.float32).dtype)  # expect: (8, 2) float32
state_utils.bitcast(jnp.zeros((8,), jnp.int32), jnp.int16)  # expect error: NotImplementedError: Bitcast 1D ref with bitwidth change is not supported.
