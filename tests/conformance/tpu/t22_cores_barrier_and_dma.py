# rungs-args: --params {"generation":"v5p"}
# SEMANTICS T22, written with pallas_call instead of core_map: two cores
# meet at a semaphore barrier (which deadlocks unless both really run),
# then each DMAs its 8 rows to VMEM, adds its point + 1 and DMAs them back.
# With two "parallel" points and random_seed 0, point p runs on core p.
# Rung 1 has no cores: core_index is NotImplementedError there. The chip
# runs as TPU v5p (rungs-args above), a megacore with two TensorCores; it
# ignores InterpretParams (DMA mode, races), so both runs are the same.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(x_ref, y_ref, x_vmem, y_vmem, dma_sem, sem):
    pl.semaphore_signal(sem, 1, core_index=0)
    pl.semaphore_signal(sem, 1, core_index=1)
    pl.semaphore_wait(sem, 2)
    p = pl.program_id(0)
    rows = pl.ds(p * 8, 8)
    pltpu.async_copy(x_ref.at[rows], x_vmem, dma_sem).wait()
    y_vmem[...] = x_vmem[...] + p + 1
    pltpu.async_copy(y_vmem, y_ref.at[rows], dma_sem).wait()

x = jnp.arange(16 * 128, dtype=jnp.int32).reshape(16, 128)
for mode in ("eager", "on_wait"):
    try:
        y = pl.pallas_call(
            kernel,
            grid=(2,),
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
            out_specs=pl.BlockSpec(memory_space=pl.ANY),
            scratch_shapes=[pltpu.VMEM((8, 128), jnp.int32), pltpu.VMEM((8, 128), jnp.int32),
                            pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.REGULAR],
            compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel",)),
            interpret=pltpu.InterpretParams(num_cores_or_threads=2, detect_races=True, dma_execution_mode=mode),
        )(x)
        print(mode, bool(jnp.array_equal(y, x + 1 + (jnp.arange(16) // 8)[:, None])))
    except NotImplementedError as e:
        print(mode, e)
# [tpu,chip] expect: eager True
# [tpu,chip] expect: on_wait True
# [interpret] expect: eager Multiple core support not implemented.
# [interpret] expect: on_wait Multiple core support not implemented.
