# Writing bf16 values into an int32 output through ref.bitcast (packing two
# rows per word), as MLA kernels store their bf16 results into int32
# buffers. JAX's generic interpreter discharges the write with
# transform_swap_array, whose write phase knows only indexers, so the
# kernel is refused before it runs; TPU interpret mode has no rule either;
# the chip writes the packed words.
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl

def pack_kernel(x_ref, o_ref):
    o_ref.bitcast(jnp.bfloat16)[...] = x_ref[...]  # [interpret] expect error: NotImplementedError: Unsupported transform: BitcastTransform(dtype=dtype(bfloat16))  # [tpu] expect error: AttributeError: 'BitcastTransform' object has no attribute 'indices'

x = (jnp.arange(16 * 128, dtype=jnp.float32) - 1000).reshape(16, 128).astype(jnp.bfloat16)
out = pl.pallas_call(
    pack_kernel,
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.int32),
    interpret=True,
)(x)
expected = lax.bitcast_convert_type(x.reshape(8, 2, 128).swapaxes(1, 2), jnp.int32)
print(bool(jnp.array_equal(out, expected)))  # [chip] expect: True
