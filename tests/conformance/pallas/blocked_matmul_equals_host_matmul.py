# A K-blocked matmul kernel whose contraction blocks are 128 deep adds its
# partial products in the order the host matmul does, so the two agree bit
# for bit on every rung (on rung 3 both round their inputs to bfloat16 at
# DEFAULT precision first, as a TPU's matmul unit does).
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def accumulate_kernel(lhs_ref, rhs_ref, out_ref, acc_ref):
  step = pl.program_id(2)

  @pl.when(step == 0)
  def _init():
    acc_ref[...] = jnp.zeros_like(acc_ref)

  acc_ref[...] += jnp.dot(lhs_ref[...], rhs_ref[...], preferred_element_type=jnp.float32)

  @pl.when(step == pl.num_programs(2) - 1)
  def _flush():
    out_ref[...] = acc_ref[...]


@functools.partial(jax.jit, static_argnames=("tile_m", "tile_n", "tile_k"))
def blocked_matmul(lhs, rhs, tile_m=128, tile_n=128, tile_k=128):
  m, k = lhs.shape
  n = rhs.shape[1]
  return pl.pallas_call(  # [chip] expect error: ValueError: The Pallas TPU lowering currently requires that the last two dimensions of your block shape are divisible by 8 and 128 respectively...
      accumulate_kernel,
      grid=(m // tile_m, n // tile_n, k // tile_k),
      in_specs=[pl.BlockSpec((tile_m, tile_k), lambda i, j, kk: (i, kk)),
                pl.BlockSpec((tile_k, tile_n), lambda i, j, kk: (kk, j))],
      out_specs=pl.BlockSpec((tile_m, tile_n), lambda i, j, kk: (i, j)),
      out_shape=jax.ShapeDtypeStruct((m, n), jnp.float32),
      scratch_shapes=[pltpu.VMEM((tile_m, tile_n), jnp.float32)],
      compiler_params=pltpu.CompilerParams(
          dimension_semantics=("parallel", "parallel", "arbitrary")),
  )(lhs, rhs)


key_lhs, key_rhs = jax.random.split(jax.random.key(7))
lhs = jax.random.normal(key_lhs, (128, 640), jnp.float32)
rhs = jax.random.normal(key_rhs, (640, 256), jnp.float32)

np.testing.assert_array_equal(lhs @ rhs, blocked_matmul(lhs, rhs))
print("128-deep blocks: bit-equal")  # expect: 128-deep blocks: bit-equal

# Any multiple of 128 keeps the chunks, and so the bits.
np.testing.assert_array_equal(lhs @ rhs, blocked_matmul(lhs, rhs, tile_k=256 + 384))
print("640-deep block: bit-equal")  # expect: 640-deep block: bit-equal

# bfloat16 operands: the host dot accumulates in float32 and rounds once at
# the end, as a kernel with a float32 scratch accumulator does.
lhs_bf, rhs_bf = lhs.astype(jnp.bfloat16), rhs.astype(jnp.bfloat16)
blocked_bf = blocked_matmul(lhs_bf, rhs_bf).astype(jnp.bfloat16)
np.testing.assert_array_equal(lhs_bf @ rhs_bf, blocked_bf)
print((lhs_bf @ rhs_bf).dtype, "bit-equal")  # expect: bfloat16 bit-equal

# 64-deep blocks add half-chunks: close, but not the same bits. A TPU has
# no such block: 64 is not a multiple of 128 in the minor dimension.
narrow = blocked_matmul(lhs, rhs, tile_k=64)  # (rung 3 stops inside, at the pallas_call)
print(bool(jnp.any(narrow != lhs @ rhs)))  # [interpret,tpu] expect: True
np.testing.assert_allclose(lhs @ rhs, narrow, rtol=1e-5, atol=1e-4)
