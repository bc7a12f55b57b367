# SEMANTICS 4.7: a semaphore left with a non-zero count when the kernel
# ends is reported on stdout (JAX prints; it does not raise).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(o_ref, sem):
    pl.semaphore_signal(sem, 3)
    o_ref[...] = jnp.ones_like(o_ref)

out = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    scratch_shapes=[pltpu.SemaphoreType.REGULAR],
    interpret=pltpu.InterpretParams(),
)()
# [tpu] expect: Semaphore 2000 has non-zero count for 0 (global core 0) at kernel exit: 3
print(float(out.sum()))  # expect: 1024.0
