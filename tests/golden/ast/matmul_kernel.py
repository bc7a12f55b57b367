# A blocked matmul kernel, as pasted from a Colab notebook.
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def matmul_kernel(x_ref, y_ref, o_ref, acc_ref, *, nsteps):
  @pl.when(pl.program_id(2) == 0)
  def _init():
    acc_ref[...] = jnp.zeros_like(acc_ref)

  acc_ref[...] += jnp.dot(x_ref[...], y_ref[...], preferred_element_type=jnp.float32)

  @pl.when(pl.program_id(2) == nsteps - 1)
  def _done():
    o_ref[...] = acc_ref[...].astype(o_ref.dtype)


@functools.partial(jax.jit, static_argnames=["bm", "bk", "bn", "interpret"])
def matmul(x: jax.Array, y: jax.Array, *, bm: int = 128, bk: int = 128, bn: int = 128,
           interpret: bool = False) -> jax.Array:
  m, k = x.shape
  _, n = y.shape
  assert k == y.shape[0], f"inner dims differ: {k} vs {y.shape[0]!r}"
  grid = (m // bm, n // bn, k // bk)
  return pl.pallas_call(
      functools.partial(matmul_kernel, nsteps=k // bk),
      out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
      grid_spec=pltpu.PrefetchScalarGridSpec(
          num_scalar_prefetch=0,
          grid=grid,
          in_specs=[
              pl.BlockSpec((bm, bk), lambda i, j, k: (i, k)),
              pl.BlockSpec((bk, bn), lambda i, j, k: (k, j)),
          ],
          out_specs=pl.BlockSpec((bm, bn), lambda i, j, k: (i, j)),
          scratch_shapes=[pltpu.VMEM((bm, bn), jnp.float32)],
      ),
      interpret=interpret,
  )(x, y)


x = jnp.arange(256 * 512, dtype=jnp.float32).reshape(256, 512) / 1e3
y = jnp.ones((512, 384), jnp.float32)
out = matmul(x, y, interpret=True)
ref = x @ y
print(f"max error {jnp.max(jnp.abs(out - ref)):.3e} over {out.size:,} elements")
np.testing.assert_allclose(out, ref, rtol=1e-5)
