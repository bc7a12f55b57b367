# An explicit pltpu.HBM ref is refused like ANY, without the async_copy hint.
# Rung 2 refuses the read at run time with its own text; rung 1 reads it.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(x_hbm, o_ref):
    o_ref[...] = x_hbm[...]  # [chip] expect error: ValueError: Loads are only allowed on VMEM and SMEM references.  # [tpu] expect error: ValueError: get_p: Buffers with a memory space of HBM or ANY cannot be referenced directly. Instead, use `pltpu.sync_copy` or `pltpu.async_copy`.

x = jnp.ones((8, 128), jnp.float32)
out = pl.pallas_call(
    kernel,
    in_specs=[pl.BlockSpec(memory_space=pltpu.HBM)],
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
)(x)
print(float(out.sum()))  # [interpret] expect: 1024.0
