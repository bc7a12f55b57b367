# SEMANTICS 5.2: loads only from VMEM or SMEM; an ANY ref is for DMAs.
# Rung 2 refuses the read at run time with its own text; rung 1 reads it.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def kernel(x_hbm, o_ref):
    o_ref[...] = x_hbm[...] + 1.0  # [chip] expect error: ValueError: Loads are only allowed on VMEM and SMEM references. ANY memory space can only be accessed using async_copy.  # [tpu] expect error: ValueError: get_p: Buffers with a memory space of HBM or ANY cannot be referenced directly. Instead, use `pltpu.sync_copy` or `pltpu.async_copy`.

x = jnp.zeros((8, 128), jnp.float32)
out = pl.pallas_call(
    kernel,
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
)(x)
print(float(out.sum()))  # [interpret] expect: 1024.0
