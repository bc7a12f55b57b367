# A chained view as MLA kernels build them: one slot of a double-buffered
# bf16 block (ref.at[slot]), bitcast to int32 words, reshaped into
# (halves, rows, lanes), then one half read. Rung 1 reads through every
# level; rung 2 stops at the first transform that is not an indexer.
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl

def second_slot_kernel(buf_ref, o_ref):
    words = buf_ref.at[1].bitcast(jnp.int32).reshape(2, -1, 128)
    print(words.shape, words.dtype)  # expect: (2, 4, 128) int32
    o_ref[...] = words[1]  # [tpu] expect error: AttributeError: 'BitcastTransform' object has no attribute 'indices'

buf = (jnp.arange(2 * 16 * 128, dtype=jnp.float32) / 4).reshape(2, 16, 128).astype(jnp.bfloat16)
out = pl.pallas_call(
    second_slot_kernel,
    out_shape=jax.ShapeDtypeStruct((4, 128), jnp.int32),
    interpret=True,
)(buf)
expected = lax.bitcast_convert_type(buf[1].reshape(8, 2, 128).swapaxes(1, 2), jnp.int32).reshape(2, 4, 128)[1]
print(bool(jnp.array_equal(out, expected)))  # [interpret,chip] expect: True
