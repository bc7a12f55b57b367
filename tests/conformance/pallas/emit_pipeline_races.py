# TPU interpret mode's race detector sees the pipeline's DMAs. The kernel's
# grid has one parallel dimension, run by two simulated cores. With
# core_axis=0 each core's pipeline takes its own half of the rows (JAX's
# grid partition over pl.program_id(0) / pl.num_programs(0)): no race. A
# pipeline that ignores the core axis has both cores copy every output
# block back to HBM unsynchronised: a race, reported on rung 2 (rungs 1 and
# 3 run the grid in order and only see the same values). The DMA ids and
# clocks are those of JAX's asynchronous schedule (copy-ins one step ahead,
# copy-outs waited on the step after).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def scale(x_vmem, o_vmem):
    o_vmem[...] = x_vmem[...] * 4.0


def run(core_axis):
    def kernel(x_hbm, o_hbm):
        spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
        pltpu.emit_pipeline(scale, grid=(2,), in_specs=[spec], out_specs=[spec], core_axis=core_axis,
                            dimension_semantics=(pltpu.PARALLEL,))(x_hbm, o_hbm)

    x = jnp.arange(16 * 128, dtype=jnp.float32).reshape(16, 128)
    hbm = pl.BlockSpec(memory_space=pl.ANY)
    out = pl.pallas_call(
        kernel,
        grid=(2,),
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[hbm],
        out_specs=hbm,
        compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel",)),
        interpret=pltpu.InterpretParams(num_cores_or_threads=2, detect_races=True),
    )(x)
    return bool(jnp.array_equal(out, x * 4.0))


print(run(core_axis=0))  # expect: True
print(run(core_axis=None))
# [tpu] expect: RACE DETECTED
# [tpu] expect:   write of ('hbm', 101, 0, 0)[(slice(0, 8, 1), slice(0, 128, 1))] from (106, 0), emit_pipeline_races.py:23:8 (kernel)
# [tpu] expect:   clock: [0 8 7 0]
# [tpu] expect:   write of ('hbm', 101, 0, 0)[(slice(0, 8, 1), slice(0, 128, 1))] from (102, 0), emit_pipeline_races.py:23:8 (kernel)
# [tpu] expect:   clock: [8 0 7 0]
# [tpu] expect:
# [tpu] expect: RACE DETECTED
# [tpu] expect:   write of ('hbm', 101, 0, 0)[(slice(8, 16, 1), slice(0, 128, 1))] from (107, 0), emit_pipeline_races.py:23:8 (kernel)
# [tpu] expect:   clock: [ 0 14  4  7]
# [tpu] expect:   write of ('hbm', 101, 0, 0)[(slice(8, 16, 1), slice(0, 128, 1))] from (103, 0), emit_pipeline_races.py:23:8 (kernel)
# [tpu] expect:   clock: [14  0  4  7]
# [tpu] expect:
# expect: True
