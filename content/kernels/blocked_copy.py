# Blocked copy over a 2-D grid: every (i, j) step moves one (8, 128) tile.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def copy_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]


x = jnp.arange(16 * 256, dtype=jnp.float32).reshape(16, 256)
spec = pl.BlockSpec((8, 128), lambda i, j: (i, j))
y = pl.pallas_call(
    copy_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(2, 2),
    in_specs=[spec],
    out_specs=spec,
    interpret=True,
)(x)
print(bool(jnp.array_equal(x, y)))
