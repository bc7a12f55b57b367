# A KV cache kept as packed int32 pages (two bf16 rows per word, row 2r in
# the low half) is read back as bf16 through ref.bitcast, which doubles the
# second-minor dimension as the TPU's sublane packing does. The generic
# interpreter bitcasts the loaded page (state/utils.py's bitcast); TPU
# interpret mode has no rule for a BitcastTransform; the chip lowers
# tpu.memref_bitcast.
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl

def unpack_kernel(packed_ref, o_ref):
    o_ref[...] = packed_ref.bitcast(jnp.bfloat16)[...].astype(jnp.float32)  # [tpu] expect error: AttributeError: 'BitcastTransform' object has no attribute 'indices'

x = (jnp.arange(16 * 128, dtype=jnp.float32) / 8).reshape(16, 128).astype(jnp.bfloat16)
packed = lax.bitcast_convert_type(x.reshape(8, 2, 128).swapaxes(1, 2), jnp.int32)
print(packed.shape, packed.dtype)  # expect: (8, 128) int32
out = pl.pallas_call(
    unpack_kernel,
    out_shape=jax.ShapeDtypeStruct((16, 128), jnp.float32),
    interpret=True,
)(packed)
print(bool(jnp.array_equal(out, x.astype(jnp.float32))))  # [interpret,chip] expect: True
print(out[1, 0], out[15, 127])  # [interpret,chip] expect: 16.0 256.0
