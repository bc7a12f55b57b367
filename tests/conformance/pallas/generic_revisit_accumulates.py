# SEMANTICS 3.4: generic mode reads outputs from the carried array, so
# revisiting an output block sees earlier writes (accumulation "works"
# whatever the order); rung 2 refuses the revisit. The chip refuses the
# (8,) block of a (16,) array (the rank-1 block rule, SEMANTICS 5.1).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def kernel(o_ref):
    @pl.when(pl.program_id(0) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)
    o_ref[...] += 1.0

y = pl.pallas_call(  # [tpu] expect error: RuntimeError: Revisited block ...  # [chip] expect error: ValueError: The Pallas TPU lowering currently requires that rank 1 block shapes, either 1) the first (and only) dimension of the block shape is equal to the first (and only) dimension of the array shape, or 2) the first (and only) dimension of the block shape is a multiple of 1024, or 3) the first (and only) dimension of the block shape is a power of 2 and at least the tiling size (128 = 128 * (32 // 32)) of the array shape. Block spec for outputs[0] in pallas_call kernel at generic_revisit_accumulates.py:9 has block shape (Blocked(block_size=8),), array shape (16,), and index_map ...
    kernel,
    grid=(4,),
    out_specs=pl.BlockSpec((8,), lambda i: (i % 2,)),
    out_shape=jax.ShapeDtypeStruct((16,), jnp.float32),
    interpret=True,
)()
print(y[0], y[8])  # [interpret] expect: 2.0 nan
