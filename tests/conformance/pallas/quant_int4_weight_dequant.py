# Weight-only int4 quantization, as quantized-matmul kernels ship it: the
# weights stay int4 in HBM, each (BK, BN) block is dequantized in VMEM
# (astype to bfloat16), multiplied with the bfloat16 activations into a
# float32 accumulator over the K grid axis, and the per-column scales are
# applied once at the end. Small integers keep every product exact.
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

M, K, N = 16, 256, 256
BM, BK, BN = 16, 128, 128


def kernel(x_ref, w_ref, s_ref, o_ref, acc_ref):
    k = pl.program_id(2)

    @pl.when(k == 0)
    def _():
        acc_ref[...] = jnp.zeros_like(acc_ref)

    w = w_ref[...].astype(jnp.bfloat16)
    acc_ref[...] += jnp.dot(x_ref[...], w, preferred_element_type=jnp.float32)

    @pl.when(k == pl.num_programs(2) - 1)
    def _():
        o_ref[...] = (acc_ref[...] * s_ref[...]).astype(o_ref.dtype)


@jax.jit
def int4_matmul(x, w, scales):
    return pl.pallas_call(
        kernel,
        grid=(M // BM, N // BN, K // BK),
        in_specs=[
            pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
            pl.BlockSpec((BK, BN), lambda i, j, k: (k, j)),
            pl.BlockSpec((1, BN), lambda i, j, k: (0, j)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        out_shape=jax.ShapeDtypeStruct((M, N), jnp.float32),
        scratch_shapes=[pltpu.VMEM((BM, BN), jnp.float32)],
    )(x, w, scales)


x = ((jnp.arange(M * K).reshape(M, K) % 7) - 3).astype(jnp.bfloat16)
w = ((jnp.arange(K * N).reshape(K, N) % 16) - 8).astype(jnp.int4)
scales = (jnp.arange(N, dtype=jnp.float32).reshape(1, N) % 4 + 1) * 0.5
print(w.dtype, w[0, :5], w[0, 14:17])  # expect: int4 [-8 -7 -6 -5 -4] [6 7 -8]
out = int4_matmul(x, w, scales)
ref = jnp.dot(x.astype(jnp.float32), w.astype(jnp.float32), precision="highest") * scales
print(out.dtype, bool(jnp.array_equal(out, ref)))  # expect: float32 True
print(out[0, :4], out[15, 252:])  # expect: [24. 42. 54. 60.] [ 6. 15. 27. 42.]
