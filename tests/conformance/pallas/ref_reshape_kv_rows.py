# Paged attention's read of a KV block: the VMEM block of pages
# [pages, page_size, k|v, head_dim] is viewed as one row per (token, k|v)
# with ref.reshape, and K and V are the even and odd rows (strided loads),
# as ragged paged attention reads its buffer after the DMA wait.
# JAX's generic interpreter reads through the reshape (discharge's
# transform_array); TPU interpret mode's to_range reads `.indices` of every
# transform and a ReshapeTransform has none; the chip lowers it to
# tpu.memref_reshape (the minor dim kept, the second-minor one tile-aligned).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def split_kv_kernel(kv_ref, k_ref, v_ref):
    rows = kv_ref.reshape(2 * 8 * 2, 128)
    k_ref[...] = rows[0::2, :]  # [tpu] expect error: AttributeError: 'ReshapeTransform' object has no attribute 'indices'
    v_ref[...] = rows[1::2, :]

kv = jnp.arange(2 * 8 * 2 * 128, dtype=jnp.float32).reshape(2, 8, 2, 128)
k, v = pl.pallas_call(
    split_kv_kernel,
    out_shape=(jax.ShapeDtypeStruct((16, 128), jnp.float32), jax.ShapeDtypeStruct((16, 128), jnp.float32)),
    interpret=True,
)(kv)
print(bool(jnp.array_equal(k, kv[:, :, 0, :].reshape(16, 128))))  # [interpret,chip] expect: True
print(bool(jnp.array_equal(v, kv[:, :, 1, :].reshape(16, 128))))  # [interpret,chip] expect: True
