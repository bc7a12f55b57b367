# A manual DMA from the second half of an HBM array into VMEM: the
# dma_* events carry the buffers and windows as fields (src_buffer hbm,
# src_box start [8, 0] size [8, 128]) beside JAX's text for them.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def second_half_twice(x_hbm, o_ref, staging, sem):
    copy = pltpu.make_async_copy(x_hbm.at[pl.ds(8, 8)], staging, sem)
    copy.start()
    copy.wait()
    o_ref[...] = staging[...] * 2


x = jnp.arange(16 * 128, dtype=jnp.float32).reshape(16, 128)
y = pl.pallas_call(
    second_half_twice,
    in_specs=[pl.BlockSpec(memory_space=pltpu.ANY)],
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    scratch_shapes=[pltpu.VMEM((8, 128), jnp.float32), pltpu.SemaphoreType.DMA],
    interpret=pltpu.InterpretParams(),
)(x)
