# A DMA started in one pallas_call and waited for in the next: the first
# returns the DMA semaphore as an output (memory space SEMAPHORE), the
# second takes it as an input and aliases the destination. JAX tests this
# on TPUs only. Both of JAX's interpreters fill every output before the
# kernel runs and have no value for a semaphore dtype: TPU interpret mode
# says so with its uninitialized_memory mode ("nan + dma_sem"), the generic
# interpreter's jnp.full has no rule for it. The chip model completes the
# copy and hands the semaphore's count to the second call.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def start_kernel(x_hbm, y_hbm, sem_out):
    pltpu.make_async_copy(x_hbm.at[pl.ds(8, 8)], y_hbm, sem_out).start()

def finish_kernel(x_hbm, y_hbm, sem_in, z_hbm):
    del z_hbm
    pltpu.make_async_copy(x_hbm.at[pl.ds(8, 8)], y_hbm, sem_in).wait()

@jax.jit
def copy_later(x):
    y, sem = pl.pallas_call(  # [interpret] expect error: AttributeError: type object 'AbstractSemaphoreTyRules' has no attribute 'full'  # [tpu] expect error: NotImplementedError: nan + dma_sem
        start_kernel,
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=(pl.BlockSpec(memory_space=pl.ANY), pl.BlockSpec(memory_space=pltpu.SEMAPHORE)),
        out_shape=(jax.ShapeDtypeStruct((8, 128), x.dtype), pltpu.SemaphoreType.DMA(())),
        interpret=pltpu.InterpretParams(),
    )(x)
    return pl.pallas_call(
        finish_kernel,
        in_specs=[pl.BlockSpec(memory_space=pl.ANY), pl.BlockSpec(memory_space=pl.ANY),
                  pl.BlockSpec(memory_space=pltpu.SEMAPHORE)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        out_shape=jax.ShapeDtypeStruct((8, 128), x.dtype),
        input_output_aliases={1: 0},
        interpret=pltpu.InterpretParams(),
    )(x, y, sem)

x = jnp.arange(16 * 128, dtype=jnp.float32).reshape(16, 128)
out = copy_later(x)
print(bool(jnp.array_equal(out, x[8:])))  # [chip] expect: True
