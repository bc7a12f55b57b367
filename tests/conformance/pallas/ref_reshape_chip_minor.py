# A reshape that moves elements across the lane dimension ((8, 256) rows
# seen as (16, 128)): the interpreters read through it (rung 1; rung 2
# refuses any reshape), but Mosaic's tpu.memref_reshape keeps the minormost
# dimension of a tiled VMEM ref, so the chip refuses the kernel when it
# compiles it.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def fold_kernel(x_ref, o_ref):
    o_ref[...] = x_ref.reshape(16, 128)[...] + 1.0  # [tpu] expect error: AttributeError: 'ReshapeTransform' object has no attribute 'indices'  # [chip] expect error: JaxRuntimeError: INTERNAL: Mosaic failed to compile TPU kernel: 'tpu.memref_reshape' op Expected the minormost dimension to be unchanged

x = jnp.arange(8 * 256, dtype=jnp.float32).reshape(8, 256)
out = pl.pallas_call(fold_kernel, out_shape=jax.ShapeDtypeStruct((16, 128), jnp.float32), interpret=True)(x)
print(bool(jnp.array_equal(out, x.reshape(16, 128) + 1.0)))  # [interpret] expect: True
