# A semaphore signal to core_index=1 on a chip with one TensorCore per device
# (TPU v5e, the default generation). The chip model refuses it: that core
# does not exist (what the real compiler or chip does is not modelled).
# Rung 2 with one simulated core fails with JAX's own IndexError on its
# per-core counts; rung 1 has no cores.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(o_ref, sem):
    pl.semaphore_signal(sem, 1, core_index=1)  # [chip] expect error: ValueError: core_index=1 names a TensorCore that this chip does not have: one device of the modelled generation has 1 TensorCore(s) (the megacore generations v4 and v5p have 2); the chip model refuses the signal, what the real chip does is not modelled  # [tpu] expect error: IndexError: index 1 is out of bounds for axis 0 with size 1
    pl.semaphore_wait(sem, 1)
    o_ref[...] = jnp.ones_like(o_ref)

out = pl.pallas_call(  # [interpret] expect error: NotImplementedError: Multiple core support not implemented.
    kernel,
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    scratch_shapes=[pltpu.SemaphoreType.REGULAR],
    interpret=pltpu.InterpretParams(),
)()
print(float(out.sum()))
