import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def affine_kernel(x_ref, o_ref):
    o_ref[...] = 2.0 * x_ref[...] + 1.0


def affine(x):
    rows, cols = x.shape
    spec = pl.BlockSpec((8, 128), lambda i, j: (i, j))
    return pl.pallas_call(
        affine_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(rows // 8, cols // 128),
        in_specs=[spec],
        out_specs=spec,
    )(x)
