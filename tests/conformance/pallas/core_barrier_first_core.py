# pltpu.run_on_first_core and pltpu.core_barrier, as multi-core kernels
# synchronise: with two TensorCores core 0 alone initialises the output,
# the barrier (a REGULAR semaphore signalled on the other cores) holds every
# core until then, and each core adds its share; with one core the barrier
# is a no-op (a static Python condition) and the function simply runs.
# JAX's generic interpreter (rung 1) runs one core only and refuses two.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def body(o_hbm, tile, sem):
    @pltpu.run_on_first_core("core")
    def _():
        tile[...] = jnp.full_like(tile, 5.0)
        pltpu.sync_copy(tile, o_hbm)

    pltpu.core_barrier(sem, core_axis_name="core")
    tile[...] = jnp.full_like(tile, 1.0)


for cores in (1, 2):
    mesh = pltpu.TensorCoreMesh(axis_name="core", num_cores=cores)
    out = pl.kernel(body, out_type=jax.ShapeDtypeStruct((8, 128), jnp.float32), mesh=mesh,  # [interpret] expect error: NotImplementedError: Multiple core support not implemented.
                    scratch_types=[pltpu.VMEM((8, 128), jnp.float32), pltpu.SemaphoreType.REGULAR])()
    print(cores, out[0, 0], out[7, 127])
# expect: 1 5.0 5.0
# [tpu,chip] expect: 2 5.0 5.0
