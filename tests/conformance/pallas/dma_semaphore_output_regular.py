# A REGULAR semaphore returned by one pallas_call and consumed by the next:
# the first kernel signals it three times, the second waits for 2 and
# reports what is left. With uninitialized_memory="zero" TPU interpret mode
# gets past its fill value and, like the generic interpreter, fails in
# jnp.full on the semaphore dtype. The chip hands the count over.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def signal_kernel(o_ref, sem_out):
    o_ref[...] = jnp.full(o_ref.shape, 7, o_ref.dtype)
    for _ in range(3):
        pl.semaphore_signal(sem_out, 1)

def consume_kernel(sem_in, o_ref):
    pl.semaphore_wait(sem_in, 2)
    o_ref[0] = pl.semaphore_read(sem_in)

params = pltpu.InterpretParams(uninitialized_memory="zero")
o, sem = pl.pallas_call(  # [interpret,tpu] expect error: AttributeError: type object 'AbstractSemaphoreTyRules' has no attribute 'full'
    signal_kernel,
    out_specs=(pl.BlockSpec(memory_space=pltpu.VMEM), pl.BlockSpec(memory_space=pltpu.SEMAPHORE)),
    out_shape=(jax.ShapeDtypeStruct((8, 128), jnp.int32), pltpu.SemaphoreType.REGULAR(())),
    interpret=params,
)()
left = pl.pallas_call(
    consume_kernel,
    in_specs=[pl.BlockSpec(memory_space=pltpu.SEMAPHORE)],
    out_specs=pl.BlockSpec(memory_space=pltpu.SMEM),
    out_shape=jax.ShapeDtypeStruct((1,), jnp.int32),
    interpret=params,
)(sem)
print(int(o[3, 5]), int(left[0]))  # [chip] expect: 7 1
