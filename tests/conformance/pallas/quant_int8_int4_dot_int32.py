# W4A8: int8 activations times int4 weights, accumulated exactly in an
# int32 VMEM scratch over the K axis (jnp.dot with
# preferred_element_type=int32 needs no promotion of the two operand
# types), then requantized to float32 with a per-tensor scale.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

M, K, N = 32, 512, 128
BK = 128


def kernel(x_ref, w_ref, o_ref, acc_ref):
    k = pl.program_id(0)

    @pl.when(k == 0)
    def _():
        acc_ref[...] = jnp.zeros_like(acc_ref)

    acc_ref[...] += jnp.dot(x_ref[...], w_ref[...], preferred_element_type=jnp.int32)

    @pl.when(k == pl.num_programs(0) - 1)
    def _():
        o_ref[...] = acc_ref[...].astype(jnp.float32) * 0.5


x = ((jnp.arange(M * K).reshape(M, K) % 255) - 127).astype(jnp.int8)
w = ((jnp.arange(K * N).reshape(K, N) * 7 % 16) - 8).astype(jnp.int4)
out = pl.pallas_call(
    kernel,
    grid=(K // BK,),
    in_specs=[pl.BlockSpec((M, BK), lambda k: (0, k)), pl.BlockSpec((BK, N), lambda k: (k, 0))],
    out_specs=pl.BlockSpec((M, N), lambda k: (0, 0)),
    out_shape=jax.ShapeDtypeStruct((M, N), jnp.float32),
    scratch_shapes=[pltpu.VMEM((M, N), jnp.int32)],
)(x, w)
ref = jnp.dot(x, w, preferred_element_type=jnp.int32).astype(jnp.float32) * 0.5
print(bool(jnp.array_equal(out, ref)))  # expect: True
print(out[0, :3], out[31, 125:])  # expect: [1012.   126.5 -759. ] [-193.5  387.   -64.5]
