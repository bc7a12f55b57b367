# SEMANTICS 3.8 (T52): generic-mode semaphores never block; a wait with no
# signal just drives the count negative. Rung 2 and the chip block on the
# wait for good (JAX's interpreter and the real chip hang): a deadlock report.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(o_ref, sem):
    pl.semaphore_signal(sem, 2)
    pl.semaphore_wait(sem, 5)  # [tpu,chip] expect error: RuntimeError: Deadlock: every unfinished core waits on a semaphore that no running core and no queued DMA can signal (JAX would hang here):...
    o_ref[0] = pl.semaphore_read(sem)

y = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((1,), jnp.int32),
                   out_specs=pl.BlockSpec(memory_space=pltpu.SMEM),
                   scratch_shapes=[pltpu.SemaphoreType.REGULAR], interpret=True)()
print(y)  # [interpret] expect: [-3]
