# SEMANTICS T30: the permuted "parallel" rows are split across cores in
# consecutive runs (rows 2, 3 | 0, 1 for two cores), each core with its own
# SMEM copy of the counter, so each core numbers its own points from 0.
# The VMEM input checks that every block arrives where program_id says.
# The chip ignores InterpretParams: TPU v5e runs the grid on its one
# TensorCore in order, as rung 1 does.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(s_ref, in_ref, o_ref):
    diff = in_ref[...] - jnp.float32(4 * pl.program_id(0) + pl.program_id(1))
    s = s_ref[0]
    s_ref[0] = s + 1
    o_ref[...] = jnp.full(o_ref.shape, s, jnp.float32) + diff

block_ids = jnp.repeat(jnp.repeat(jnp.arange(16, dtype=jnp.float32).reshape(4, 4), 8, axis=0), 128, axis=1)
for cores in (1, 2, 3, 4, 6):
    points = []
    def recorder(token, point, core):
        points.append((int(point[0]), int(core)))
        return token
    result = pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((32, 512), jnp.float32),
        grid=(4, 4),
        in_specs=[pl.BlockSpec(memory_space=pltpu.SMEM), pl.BlockSpec((8, 128), lambda i, j: (i, j))],
        out_specs=pl.BlockSpec((8, 128), lambda i, j: (i, j)),
        interpret=pltpu.InterpretParams(random_seed=12345, num_cores_or_threads=cores, detect_races=True,
                                        grid_point_recorder=recorder),
        compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel", "arbitrary")),
    )(jnp.zeros((1,), jnp.int32), block_ids)
    rows = sorted(set(points))
    print(cores, result[::8, ::128][:, 0].astype(jnp.int32), rows)
# [tpu] expect: 1 [ 8 12  0  4] [(0, 0), (1, 0), (2, 0), (3, 0)]
# [tpu] expect: 2 [0 4 0 4] [(0, 1), (1, 1), (2, 0), (3, 0)]
# [tpu] expect: 3 [0 4 0 4] [(0, 1), (1, 1), (2, 0), (3, 0)]
# [tpu] expect: 4 [0 0 0 0] [(0, 2), (1, 3), (2, 0), (3, 1)]
# [tpu] expect: 6 [0 0 0 0] [(0, 2), (1, 3), (2, 0), (3, 1)]
# [interpret,chip] expect: 1 [ 0  4  8 12] []
# [interpret,chip] expect: 2 [ 0  4  8 12] []
# [interpret,chip] expect: 3 [ 0  4  8 12] []
# [interpret,chip] expect: 4 [ 0  4  8 12] []
# [interpret,chip] expect: 6 [ 0  4  8 12] []
