# A wait that nothing will ever signal. JAX's TPU interpreter hangs here;
# Rungs simulates the cores cooperatively, sees that no core and no queued
# DMA can make progress, and reports a deadlock naming the waiting core,
# its semaphore, the count it waits for and where. Rung 1 never blocks. The
# real chip hangs too; the chip model reports the same deadlock.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(o_ref, sem):
    o_ref[...] = jnp.zeros_like(o_ref)
    pl.semaphore_wait(sem, 1)  # [tpu,chip] expect error: RuntimeError: Deadlock: every unfinished core waits on a semaphore that no running core and no queued DMA can signal (JAX would hang here):...

out = pl.pallas_call(
    kernel,
    grid=(3,),
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    scratch_shapes=[pltpu.SemaphoreType.REGULAR],
    interpret=pltpu.InterpretParams(),
)()
print(float(out.sum()))  # [interpret] expect: 0.0
