# SEMANTICS T25 (with pallas_call instead of core_map): an HBM buffer from
# run_scoped is shared by the device's cores (same buffer id, freed when
# the last core leaves the scope). Here the cores take turns through a
# semaphore, so copying x -> shared HBM -> y is race-free in both DMA
# modes. Point p runs on core p (two parallel points, random_seed 0). The
# chip refuses HBM in run_scoped (not supported on a real TPU).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(x_ref, y_ref, sem):
    p = pl.program_id(0)

    @pl.when(p == 1)
    def _():
        pl.semaphore_wait(sem, 1)

    pl.run_scoped(lambda hbm: (pltpu.sync_copy(x_ref, hbm), pltpu.sync_copy(hbm, y_ref)), pltpu.HBM((16, 128), jnp.int32))  # [chip] expect error: ValueError: Cannot allocate HBM in `run_scoped`.

    @pl.when(p == 0)
    def _():
        pl.semaphore_signal(sem, 1, core_index=1)

x = jnp.arange(16 * 128, dtype=jnp.int32).reshape(16, 128)
for mode in ("eager", "on_wait"):
    try:
        y = pl.pallas_call(
            kernel,
            grid=(2,),
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
            out_specs=pl.BlockSpec(memory_space=pl.ANY),
            scratch_shapes=[pltpu.SemaphoreType.REGULAR],
            compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel",)),
            interpret=pltpu.InterpretParams(num_cores_or_threads=2, detect_races=True, dma_execution_mode=mode,
                                            allow_hbm_allocation_in_run_scoped=True),
        )(x)
        print(mode, bool(jnp.array_equal(y, x)))
    except NotImplementedError as e:
        print(mode, e)
# [tpu] expect: eager True
# [tpu] expect: on_wait True
# [interpret] expect: eager Multiple core support not implemented.
# [interpret] expect: on_wait Multiple core support not implemented.
