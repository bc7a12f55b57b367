# rungs-args: --params {"generation":"v5p"}
# Two cores, each signalling a semaphore once and waiting for a count of 2.
# Without core_index a signal goes to core 0, not to the signalling core (a
# JAX quirk), so core 0 collects both signals and finishes while core 1
# waits forever: a deadlock report naming core 1, its grid point and
# iteration. With core_index the same kernel is a working barrier. The chip
# runs as TPU v5p (rungs-args above), whose megacore splits the "parallel"
# grid across two TensorCores; there a signal without core_index goes to
# the signalling core, so both cores wait forever.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def quirk_kernel(o_ref, sem):
    pl.semaphore_signal(sem, 1)
    pl.semaphore_wait(sem, 2)
    o_ref[...] = jnp.full(o_ref.shape, pl.program_id(0), jnp.float32)

def barrier_kernel(o_ref, sem):
    pl.semaphore_signal(sem, 1, core_index=0)
    pl.semaphore_signal(sem, 1, core_index=1)
    pl.semaphore_wait(sem, 2)
    o_ref[...] = jnp.full(o_ref.shape, pl.program_id(0), jnp.float32)

def run(kernel):
    return pl.pallas_call(
        kernel,
        grid=(2,),
        out_shape=jax.ShapeDtypeStruct((16, 128), jnp.float32),
        out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
        scratch_shapes=[pltpu.SemaphoreType.REGULAR],
        compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel",)),
        interpret=pltpu.InterpretParams(num_cores_or_threads=2),
    )()

try:
    run(quirk_kernel)
except RuntimeError as e:
    print(e)
# [tpu] expect: Deadlock: every unfinished core waits on a semaphore that no running core and no queued DMA can signal (JAX would hang here):
# [tpu] expect:   core 1 at grid point (1,) (iteration 1) waits on semaphore 2000 for 2; its count on core 1 is 0
# [chip] expect: Deadlock: every unfinished core waits on a semaphore that no running core and no queued DMA can signal (JAX would hang here):
# [chip] expect:   core 0 at grid point (0,) (iteration 0) waits on semaphore 2000 for 2; its count on core 0 is 1
# [chip] expect:   core 1 at grid point (1,) (iteration 1) waits on semaphore 2000 for 2; its count on core 1 is 1
try:
    print(run(barrier_kernel)[::8, 0])  # [tpu,chip] expect: [0. 1.]
except NotImplementedError as e:
    print(e)  # [interpret] expect: Multiple core support not implemented.
