# SEMANTICS T31: refs in HBM (or ANY) can only be touched by DMA in TPU
# interpret mode; direct loads and stores name the primitive. Rung 1 has
# no memory spaces and just copies. The chip refuses them when it lowers the
# kernel, with Mosaic's texts (SEMANTICS 5.2).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def read_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]

def load_kernel(x_ref, o_ref):
    o_ref[...] = pl.load(x_ref, ...)

def store_kernel(x_ref, o_ref):
    pl.store(o_ref, ..., x_ref[...])

for name, kernel, hbm_in in [("get", read_kernel, True), ("load", load_kernel, True),
                             ("swap", read_kernel, False), ("store", store_kernel, False)]:
    try:
        out = pl.pallas_call(
            kernel,
            grid=(1,),
            out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
            in_specs=[pl.BlockSpec(memory_space=pltpu.HBM if hbm_in else pltpu.VMEM)],
            out_specs=pl.BlockSpec(memory_space=pltpu.VMEM if hbm_in else pl.ANY),
            interpret=pltpu.InterpretParams(),
        )(jnp.ones((8, 128), jnp.float32))
        print(name, float(out.sum()))
    except ValueError as e:
        print(name, e)
# [tpu] expect: get get_p: Buffers with a memory space of HBM or ANY cannot be referenced directly. Instead, use `pltpu.sync_copy` or `pltpu.async_copy`.
# [tpu] expect: load load_p: Buffers with a memory space of HBM or ANY cannot be referenced directly. Instead, use `pltpu.sync_copy` or `pltpu.async_copy`.
# [tpu] expect: swap swap_p: Buffers with a memory space of HBM or ANY cannot be referenced directly. Instead, use `pltpu.sync_copy` or `pltpu.async_copy`.
# [tpu] expect: store swap_p: Buffers with a memory space of HBM or ANY cannot be referenced directly. Instead, use `pltpu.sync_copy` or `pltpu.async_copy`.
# [interpret] expect: get 1024.0
# [interpret] expect: load 1024.0
# [interpret] expect: swap 1024.0
# [interpret] expect: store 1024.0
# [chip] expect: get Loads are only allowed on VMEM and SMEM references.
# [chip] expect: load Loads are only allowed on VMEM and SMEM references.
# [chip] expect: swap Loads and stores are only allowed on VMEM and SMEM references. ANY memory space can only be accessed using async_copy.
# [chip] expect: store Loads and stores are only allowed on VMEM and SMEM references. ANY memory space can only be accessed using async_copy.
