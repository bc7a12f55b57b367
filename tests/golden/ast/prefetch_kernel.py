# Scalar prefetch: the block index of each step comes from an SMEM table.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

BLOCK = 8


def gather_kernel(idx_ref, x_ref, o_ref):
  i = pl.program_id(0)
  o_ref[...] = x_ref[...] * 2.0 + idx_ref[i]


def gather_blocks(idx, x):
  n = idx.shape[0]
  grid_spec = pltpu.PrefetchScalarGridSpec(
      num_scalar_prefetch=1,
      grid=(n,),
      in_specs=[pl.BlockSpec((BLOCK, 128), lambda i, idx_ref: (idx_ref[i], 0))],
      out_specs=pl.BlockSpec((BLOCK, 128), lambda i, idx_ref: (i, 0)),
  )
  return pl.pallas_call(
      gather_kernel,
      grid_spec=grid_spec,
      out_shape=jax.ShapeDtypeStruct((n * BLOCK, 128), x.dtype),
      interpret=pltpu.InterpretParams(dma_execution_mode="eager"),
  )(idx, x)


idx = jnp.array([3, 0, 2, 1], dtype=jnp.int32)
x = jnp.arange(4 * BLOCK * 128, dtype=jnp.float32).reshape(4 * BLOCK, 128)
y = gather_blocks(idx, x)
for i, (blk, src) in enumerate(zip(range(4), idx.tolist())):
  if not jnp.allclose(y[blk * BLOCK:(blk + 1) * BLOCK], x[src * BLOCK:(src + 1) * BLOCK] * 2.0 + src):
    raise ValueError("block %d is wrong" % i)
else:
  print("all {} blocks ok".format(len(idx)))
