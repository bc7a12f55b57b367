import functools
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def matmul_kernel(x_ref, y_ref, o_ref, acc_ref, *, nk):
    @pl.when(pl.program_id(2) == 0)
    def _():
        acc_ref[...] = jnp.zeros_like(acc_ref)
    acc_ref[...] += x_ref[...] @ y_ref[...]
    @pl.when(pl.program_id(2) == nk - 1)
    def _():
        o_ref[...] = acc_ref[...]

from jax.experimental.pallas import tpu as pltpu
def matmul(x, y, bm=128, bk=128, bn=128):
    m, k = x.shape
    _, n = y.shape
    return pl.pallas_call(
        functools.partial(matmul_kernel, nk=k // bk),
        grid=(m // bm, n // bn, k // bk),
        in_specs=[pl.BlockSpec((bm, bk), lambda i, j, kk: (i, kk)),
                  pl.BlockSpec((bk, bn), lambda i, j, kk: (kk, j))],
        out_specs=pl.BlockSpec((bm, bn), lambda i, j, kk: (i, j)),
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        scratch_shapes=[pltpu.VMEM((bm, bn), jnp.float32)],
        interpret=True,
    )(x, y)

x = jnp.arange(256 * 256, dtype=jnp.float32).reshape(256, 256) / 1000.0
y = jnp.ones((256, 256), jnp.float32)
z = matmul(x, y)
ref = x @ y
print(jnp.allclose(z, ref), z[0, :4])
