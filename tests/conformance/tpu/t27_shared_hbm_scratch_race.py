# SEMANTICS T27 (with pallas_call instead of core_map): the same shared
# HBM scratch without the semaphore. Both cores' DMAs write the one buffer
# unordered, and the race detector says so (execution continues). The chip
# refuses HBM in run_scoped (not supported on a real TPU).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(x_ref, z_ref):
    pl.run_scoped(lambda hbm: (pltpu.sync_copy(x_ref, hbm), pltpu.sync_copy(hbm, z_ref)), pltpu.HBM((16, 128), jnp.int32))  # [chip] expect error: ValueError: Cannot allocate HBM in `run_scoped`.

x = jnp.arange(16 * 128, dtype=jnp.int32).reshape(16, 128)
z = pl.pallas_call(
    kernel,
    grid=(2,),
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
    out_specs=pl.BlockSpec(memory_space=pl.ANY),
    compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel",)),
    interpret=pltpu.InterpretParams(num_cores_or_threads=2, detect_races=True,
                                    allow_hbm_allocation_in_run_scoped=True),
)(x)
# [tpu] expect: RACE DETECTED
# [tpu] expect:   write of ('hbm', 102, 0, 0)[(slice(0, 16, 1), slice(0, 128, 1))] from (102, 0), t27_shared_hbm_scratch_race.py:11:31 (kernel)
# [tpu] expect:   clock: [0 1 3 0]
# [tpu] expect:   write of ('hbm', 102, 0, 0)[(slice(0, 16, 1), slice(0, 128, 1))] from (100, 0), t27_shared_hbm_scratch_race.py:11:31 (kernel)
# [tpu] expect:   clock: [1 0 3 0]
# [tpu] expect:
# [tpu] expect: RACE DETECTED
# [tpu] expect:   write of ('hbm', 102, 0, 0)[(slice(0, 16, 1), slice(0, 128, 1))] from (102, 0), t27_shared_hbm_scratch_race.py:11:31 (kernel)
# [tpu] expect:   clock: [0 1 3 0]
# [tpu] expect:   read of ('hbm', 102, 0, 0)[(slice(0, 16, 1), slice(0, 128, 1))] from (101, 0), t27_shared_hbm_scratch_race.py:11:60 (kernel)
# [tpu] expect:   clock: [5 0 4 1]
# [tpu] expect:
# [tpu] expect: RACE DETECTED
# [tpu] expect:   read of ('hbm', 102, 0, 0)[(slice(0, 16, 1), slice(0, 128, 1))] from (103, 0), t27_shared_hbm_scratch_race.py:11:60 (kernel)
# [tpu] expect:   clock: [0 5 4 1]
# [tpu] expect:   write of ('hbm', 102, 0, 0)[(slice(0, 16, 1), slice(0, 128, 1))] from (100, 0), t27_shared_hbm_scratch_race.py:11:31 (kernel)
# [tpu] expect:   clock: [1 0 3 0]
# [tpu] expect:
# [tpu] expect: RACE DETECTED
# [tpu] expect:   write of ('hbm', 101, 0, 0)[(slice(0, 16, 1), slice(0, 128, 1))] from (103, 0), t27_shared_hbm_scratch_race.py:11:60 (kernel)
# [tpu] expect:   clock: [0 5 4 3]
# [tpu] expect:   write of ('hbm', 101, 0, 0)[(slice(0, 16, 1), slice(0, 128, 1))] from (101, 0), t27_shared_hbm_scratch_race.py:11:60 (kernel)
# [tpu] expect:   clock: [5 0 4 3]
# [tpu] expect:
print(bool(jnp.array_equal(z, x)))  # [interpret,tpu] expect: True
