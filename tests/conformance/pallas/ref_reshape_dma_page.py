# Copying one page of a KV cache out of HBM through a reshaped view of the
# cache (pages x page_size flattened to token rows), then reading the page
# as heads x tokens, as paged attention kernels do. The generic
# interpreter reads a DMA source through its transforms; TPU interpret
# mode's dma_start callback turns both views into ranges and fails on the
# reshape; the chip copies through tpu.memref_reshape.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def page_kernel(page_ref, cache_hbm, o_ref, page_vmem, sem):
    page = page_ref[0]
    tokens = cache_hbm.reshape(4 * 16, 128)
    copy = pltpu.make_async_copy(tokens.at[pl.ds(page * 16, 16)], page_vmem, sem)
    copy.start()  # [tpu] expect error: AttributeError: 'ReshapeTransform' object has no attribute 'indices'
    copy.wait()
    heads = page_vmem.reshape(2, 8, 128)
    o_ref[...] = heads[1] * 2.0

cache = jnp.arange(4 * 16 * 128, dtype=jnp.float32).reshape(4, 16, 128)
out = pl.pallas_call(
    page_kernel,
    grid_spec=pltpu.PrefetchScalarGridSpec(
        num_scalar_prefetch=1,
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec((8, 128), lambda i, p: (0, 0)),
        scratch_shapes=[pltpu.VMEM((16, 128), jnp.float32), pltpu.SemaphoreType.DMA],
        grid=(1,),
    ),
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    interpret=True,
)(jnp.array([2], jnp.int32), cache)
print(bool(jnp.array_equal(out, cache[2, 8:] * 2.0)))  # [interpret,chip] expect: True
