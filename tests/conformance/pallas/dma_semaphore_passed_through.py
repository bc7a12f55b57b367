# A DMA semaphore threaded through three pallas_calls: the first starts a
# copy of row block 0, the second takes the semaphore, aliases it to its
# own semaphore output and starts block 1 on it, the third waits for both.
# On the chip an aliased semaphore is one hardware semaphore, so its count
# (both copies' bytes) reaches the last call. JAX's interpreters refuse the
# first call's semaphore output.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def start_first(x_hbm, y_hbm, sem):
    pltpu.make_async_copy(x_hbm.at[0], y_hbm.at[0], sem).start()

def start_second(x_hbm, y_in, sem_in, y_hbm, sem):
    del y_in, sem_in
    pltpu.make_async_copy(x_hbm.at[1], y_hbm.at[1], sem).start()

def wait_both(x_hbm, y_in, sem, y_hbm):
    del y_in
    for k in range(2):
        pltpu.make_async_copy(x_hbm.at[k], y_hbm.at[k], sem).wait()

HBM, SEM = pl.BlockSpec(memory_space=pl.ANY), pl.BlockSpec(memory_space=pltpu.SEMAPHORE)
x = jnp.arange(2 * 8 * 128, dtype=jnp.float32).reshape(2, 8, 128)
out_shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
y, sem = pl.pallas_call(  # [interpret] expect error: AttributeError: type object 'AbstractSemaphoreTyRules' has no attribute 'full'  # [tpu] expect error: NotImplementedError: nan + dma_sem
    start_first, in_specs=[HBM], out_specs=(HBM, SEM), out_shape=(out_shape, pltpu.SemaphoreType.DMA(())),
    interpret=pltpu.InterpretParams())(x)
y, sem = pl.pallas_call(
    start_second, in_specs=[HBM, HBM, SEM], out_specs=(HBM, SEM), out_shape=(out_shape, pltpu.SemaphoreType.DMA(())),
    input_output_aliases={1: 0, 2: 1}, interpret=pltpu.InterpretParams())(x, y, sem)
y = pl.pallas_call(
    wait_both, in_specs=[HBM, HBM, SEM], out_specs=HBM, out_shape=out_shape,
    input_output_aliases={1: 0}, interpret=pltpu.InterpretParams())(x, y, sem)
print(bool(jnp.array_equal(y, x)))  # [chip] expect: True
