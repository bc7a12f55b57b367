# SEMANTICS 5.2: stores only to VMEM or SMEM; an ANY output is written by DMA.
# Rung 2 refuses the store at run time with its own text; rung 1 stores.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def kernel(x_ref, o_hbm):
    o_hbm[...] = x_ref[...]  # [chip] expect error: ValueError: Loads and stores are only allowed on VMEM and SMEM references. ANY memory space can only be accessed using async_copy.  # [tpu] expect error: ValueError: swap_p: Buffers with a memory space of HBM or ANY cannot be referenced directly. Instead, use `pltpu.sync_copy` or `pltpu.async_copy`.

x = jnp.ones((8, 128), jnp.float32)
out = pl.pallas_call(
    kernel,
    out_specs=pl.BlockSpec(memory_space=pl.ANY),
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
)(x)
print(float(out.sum()))  # [interpret] expect: 1024.0
