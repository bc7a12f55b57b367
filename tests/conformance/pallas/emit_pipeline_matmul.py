# A blocked matmul as an emit_pipeline over a 3-D grid (i, j, k), the way
# the TPU pipelining guide nests a pipeline in a kernel whose operands stay
# in HBM: the float32 partial sums live in a VMEM scratch passed to the
# pipeline with `scratches=`, zeroed at k == 0 and stored at the last k.
# Small integer inputs keep every product exact on every rung (the chip
# multiplies float32 in bfloat16 passes by default).
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

M, K, N = 32, 512, 256
BM, BK, BN = 16, 128, 128


def matmul_block(x_vmem, y_vmem, z_vmem, acc_vmem):
    k = pl.program_id(2)

    @pl.when(k == 0)
    def _():
        acc_vmem[...] = jnp.zeros_like(acc_vmem)

    acc_vmem[...] += jnp.dot(x_vmem[...], y_vmem[...], preferred_element_type=jnp.float32)

    @pl.when(k == pl.num_programs(2) - 1)
    def _():
        z_vmem[...] = acc_vmem[...].astype(z_vmem.dtype)


def matmul_kernel(x_hbm, y_hbm, z_hbm, acc_vmem):
    pipeline = pltpu.emit_pipeline(
        matmul_block,
        grid=(M // BM, N // BN, K // BK),
        in_specs=[
            pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
            pl.BlockSpec((BK, BN), lambda i, j, k: (k, j)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
    )
    pipeline(x_hbm, y_hbm, z_hbm, scratches=[acc_vmem])


@functools.partial(jax.jit, static_argnames=["out_dtype"])
def matmul(x, y, out_dtype=jnp.float32):
    hbm = pl.BlockSpec(memory_space=pl.ANY)
    return pl.pallas_call(
        matmul_kernel,
        out_shape=jax.ShapeDtypeStruct((x.shape[0], y.shape[1]), out_dtype),
        in_specs=[hbm, hbm],
        out_specs=hbm,
        scratch_shapes=[pltpu.VMEM((BM, BN), jnp.float32)],
    )(x, y)


x = (jnp.arange(M * K, dtype=jnp.int32).reshape(M, K) % 5).astype(jnp.float32)
y = (jnp.arange(K * N, dtype=jnp.int32).reshape(K, N) % 3 - 1).astype(jnp.float32)
z = matmul(x, y)
reference = jnp.dot(x, y, precision=jax.lax.Precision.HIGHEST)
print(bool(jnp.array_equal(z, reference)))  # expect: True
print(z[0, :4], z[31, 252:])  # expect: [ 0.  1. -1.  0.] [-2.  3. -1. -2.]
zb = matmul(x, y, out_dtype=jnp.bfloat16)
print(zb.dtype, bool(jnp.array_equal(zb, reference.astype(jnp.bfloat16))))  # expect: bfloat16 True
