# A DMA whose destination is a reshaped view of an HBM output (writing
# page 1 of a [pages, rows, lanes] cache given as flat rows). The generic
# interpreter's dma_start discharge writes the destination with
# transform_swap_array, which cannot undo a reshape: the kernel is refused
# before it runs. TPU interpret mode fails in its dma_start callback; the
# chip writes the page.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def write_page_kernel(x_ref, o_hbm, sem):
    pages = o_hbm.reshape(2, 8, 128)
    pltpu.make_async_copy(x_ref, pages.at[1], sem).start()  # [interpret] expect error: NotImplementedError: Unsupported transform: ReshapeTransform(shape=(2, 8, 128))  # [tpu] expect error: AttributeError: 'ReshapeTransform' object has no attribute 'indices'
    pltpu.make_async_copy(x_ref, pages.at[1], sem).wait()
    pltpu.make_async_copy(x_ref, o_hbm.at[pl.ds(0, 8)], sem).start()
    pltpu.make_async_copy(x_ref, o_hbm.at[pl.ds(0, 8)], sem).wait()

x = jnp.arange(8 * 128, dtype=jnp.float32).reshape(8, 128)
out = pl.pallas_call(
    write_page_kernel,
    out_specs=pl.BlockSpec(memory_space=pl.ANY),
    scratch_shapes=[pltpu.SemaphoreType.DMA],
    out_shape=jax.ShapeDtypeStruct((16, 128), jnp.float32),
    interpret=True,
)(x)
print(bool(jnp.array_equal(out[8:], x)), bool(jnp.array_equal(out[:8], x)))  # [chip] expect: True True
