# A grid of DMA semaphores viewed through ref.reshape, as kernels flatten
# their (slot, kind) semaphore arrays: the copy signals semaphore (0, 3) of
# the (1, 4) view, which is (1, 1) of the (2, 2) array it waits on. TPU
# interpret mode maps the view onto the semaphore ids (transform_array of
# the id array); the generic interpreter's discharge cannot write a
# semaphore through a reshape; the chip signals the same semaphore.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def copy_kernel(x_hbm, o_hbm, sems):
    flat = sems.reshape(1, 4)
    pltpu.make_async_copy(x_hbm, o_hbm, flat.at[0, 3]).start()  # [interpret] expect error: NotImplementedError: Unsupported transform: ReshapeTransform(shape=(1, 4))
    pltpu.make_async_copy(x_hbm, o_hbm, sems.at[1, 1]).wait()

x = jnp.arange(8 * 128, dtype=jnp.float32).reshape(8, 128)
out = pl.pallas_call(
    copy_kernel,
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
    out_specs=pl.BlockSpec(memory_space=pl.ANY),
    scratch_shapes=[pltpu.SemaphoreType.DMA((2, 2))],
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    interpret=pltpu.InterpretParams(),
)(x)
print(bool(jnp.array_equal(out, x)))  # [tpu,chip] expect: True
