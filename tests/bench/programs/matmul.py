# Benchmark program (tests/bench): a blocked 1024^3 float32 matmul in 128-blocks
# (grid 8x8x8 = 512 steps) with a k-reduction into a VMEM scratch accumulator
# under pl.when, the gallery's blocked_matmul at benchmark size. Setup cell;
# the timed cell is `__o = run()`.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

N = 1024
B = 128


def matmul_kernel(x_ref, y_ref, o_ref, acc_ref):
    k = pl.program_id(2)

    @pl.when(k == 0)
    def _():
        acc_ref[...] = jnp.zeros_like(acc_ref)

    acc_ref[...] += jnp.dot(x_ref[...], y_ref[...], preferred_element_type=jnp.float32)

    @pl.when(k == pl.num_programs(2) - 1)
    def _():
        o_ref[...] = acc_ref[...]


__x = (jnp.arange(N * N, dtype=jnp.float32).reshape(N, N) % 7.0 - 3.0) / 4.0
__y = (jnp.arange(N * N, dtype=jnp.float32).reshape(N, N) % 5.0 - 2.0) / 4.0


def run():
    return pl.pallas_call(
        matmul_kernel,
        out_shape=jax.ShapeDtypeStruct((N, N), jnp.float32),
        grid=(N // B, N // B, N // B),
        in_specs=[
            pl.BlockSpec((B, B), lambda i, j, k: (i, k)),
            pl.BlockSpec((B, B), lambda i, j, k: (k, j)),
        ],
        out_specs=pl.BlockSpec((B, B), lambda i, j, k: (i, j)),
        scratch_shapes=[pltpu.VMEM((B, B), jnp.float32)],
        compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel", "parallel", "arbitrary")),
        interpret=True,
    )(__x, __y)
