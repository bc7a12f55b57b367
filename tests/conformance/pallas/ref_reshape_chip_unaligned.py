# Splitting rows of a VMEM block into groups whose second-minor size is
# not a multiple of the (8, 128) tile: the generic interpreter reads it,
# the chip refuses tpu.memref_reshape (the tile rows must stay aligned).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def groups_kernel(x_ref, o_ref):
    groups = x_ref.reshape(4, 6, 128)  # 24 rows as 4 groups of 6
    o_ref[...] = groups[2]  # [tpu] expect error: AttributeError: 'ReshapeTransform' object has no attribute 'indices'  # [chip] expect error: JaxRuntimeError: INTERNAL: Mosaic failed to compile TPU kernel: 'tpu.memref_reshape' op Expected the 2nd minor dimension is aligned to the tile

x = jnp.arange(24 * 128, dtype=jnp.float32).reshape(24, 128)
out = pl.pallas_call(groups_kernel, out_shape=jax.ShapeDtypeStruct((6, 128), jnp.float32), interpret=True)(x)
print(bool(jnp.array_equal(out, x[12:18])))  # [interpret] expect: True
