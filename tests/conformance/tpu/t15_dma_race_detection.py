# SEMANTICS 4.11 / JAX test_race_detection: reading a DMA's destination
# between start() and wait() races with the DMA's write, whether the DMA
# runs eagerly (at start) or lazily (on wait); the report goes to stdout
# and execution continues. Waiting first is race-free.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel_without_race(x_ref, o_ref, t_ref, sem):
    copy = pltpu.make_async_copy(x_ref, t_ref, sem)
    copy.start()
    copy.wait()
    o_ref[...] = t_ref[...] + 1.0

def kernel_with_race(x_ref, o_ref, t_ref, sem):
    copy = pltpu.make_async_copy(x_ref, t_ref, sem)
    copy.start()
    o_ref[...] = t_ref[...] + 1.0
    copy.wait()

def run(kernel, mode):
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        scratch_shapes=[pltpu.VMEM((8, 128), jnp.float32), pltpu.SemaphoreType.DMA],
        interpret=pltpu.InterpretParams(detect_races=True, dma_execution_mode=mode),
    )(jnp.zeros((8, 128), jnp.float32))

for mode in ("eager", "on_wait"):
    print(mode, float(run(kernel_without_race, mode).sum()))
    y = run(kernel_with_race, mode)
# expect: eager 1024.0
# [tpu] expect: RACE DETECTED
# [tpu] expect:   read of ('vmem', 103, 0, 0)[(slice(0, 8, 1), slice(0, 128, 1))] from (0, 0), t15_dma_race_detection.py:19:17 (kernel_with_race)
# [tpu] expect:   clock: [4 0]
# [tpu] expect:   write of ('vmem', 103, 0, 0)[(slice(0, 8, 1), slice(0, 128, 1))] from (100, 0), t15_dma_race_detection.py:18:4 (kernel_with_race)
# [tpu] expect:   clock: [1 3]
# [tpu] expect:
# expect: on_wait 1024.0
# [tpu] expect: RACE DETECTED
# [tpu] expect:   write of ('vmem', 103, 0, 0)[(slice(0, 8, 1), slice(0, 128, 1))] from (100, 0), t15_dma_race_detection.py:18:4 (kernel_with_race)
# [tpu] expect:   clock: [1 3]
# [tpu] expect:   read of ('vmem', 103, 0, 0)[(slice(0, 8, 1), slice(0, 128, 1))] from (0, 0), t15_dma_race_detection.py:19:17 (kernel_with_race)
# [tpu] expect:   clock: [2 0]
# [tpu] expect:
