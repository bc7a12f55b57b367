# A 2 x 2 grid of (4, 4) blocks, each doubled; loaded through src="...".
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def double_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2


x = jnp.arange(64, dtype=jnp.float32).reshape(8, 8)
y = pl.pallas_call(
    double_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(2, 2),
    in_specs=[pl.BlockSpec((4, 4), lambda i, j: (i, j))],
    out_specs=pl.BlockSpec((4, 4), lambda i, j: (i, j)),
    interpret=True,
)(x)
print(y[0, :4])
