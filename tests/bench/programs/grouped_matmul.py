# Benchmark program (tests/bench): a grouped matmul as mixture-of-experts
# layers use it. 2048 rows of bf16 activations are sorted by expert into 8
# groups of uneven size (multiples of the 128-row tile); row r is multiplied
# by its group's 1024x1024 bf16 weight matrix, accumulating in float32. The
# tile -> group map is scalar-prefetched and picks the weight block in the
# index map. Setup cell; the timed cell is `__o = run()`.
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

ROWS, K, N, GROUPS = 2048, 1024, 1024, 8
TM, TK, TN = 128, 512, 512
GROUP_SIZES = [384, 128, 256, 512, 128, 256, 128, 256]  # sums to ROWS


def gmm_kernel(tile_group_ref, lhs_ref, rhs_ref, o_ref, acc_ref):
    del tile_group_ref  # used by the index maps only

    @pl.when(pl.program_id(2) == 0)
    def _():
        acc_ref[...] = jnp.zeros_like(acc_ref)

    acc_ref[...] += jnp.dot(lhs_ref[...], rhs_ref[0], preferred_element_type=jnp.float32)

    @pl.when(pl.program_id(2) == pl.num_programs(2) - 1)
    def _():
        o_ref[...] = acc_ref[...]


__tile_group = jnp.asarray(np.repeat(np.arange(GROUPS), np.asarray(GROUP_SIZES) // TM), dtype=jnp.int32)
__lhs = (((jnp.arange(ROWS * K, dtype=jnp.float32) * 3.0) % 11.0 - 5.0) / 8.0).reshape(ROWS, K).astype(jnp.bfloat16)
__rhs = (((jnp.arange(GROUPS * K * N, dtype=jnp.float32) * 7.0) % 13.0 - 6.0) / 16.0).reshape(GROUPS, K, N).astype(
    jnp.bfloat16
)


def run():
    return pl.pallas_call(
        gmm_kernel,
        grid_spec=pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=1,
            grid=(ROWS // TM, N // TN, K // TK),
            in_specs=[
                pl.BlockSpec((TM, TK), lambda i, j, k, groups: (i, k)),
                pl.BlockSpec((1, TK, TN), lambda i, j, k, groups: (groups[i], k, j)),
            ],
            out_specs=pl.BlockSpec((TM, TN), lambda i, j, k, groups: (i, j)),
            scratch_shapes=[pltpu.VMEM((TM, TN), jnp.float32)],
        ),
        out_shape=jax.ShapeDtypeStruct((ROWS, N), jnp.float32),
        compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel", "parallel", "arbitrary")),
        interpret=True,
    )(__tile_group, __lhs, __rhs)
