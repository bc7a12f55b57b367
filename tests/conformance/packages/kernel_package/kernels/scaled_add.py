import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

from . import tuning
from .tuning import block_rows as _block_rows


def _kernel(x_ref, y_ref, o_ref, *, alpha):
    o_ref[...] = x_ref[...] * alpha + y_ref[...]


@functools.partial(jax.jit, static_argnames=("alpha",))
def scaled_add(x, y, alpha=2.0):
    rows = _block_rows(x.shape[0])
    assert rows == tuning.block_rows(x.shape[0])
    spec = pl.BlockSpec((rows, x.shape[1]), lambda i: (i, 0))
    return pl.pallas_call(
        functools.partial(_kernel, alpha=alpha),
        grid=(x.shape[0] // rows,),
        in_specs=[spec, spec],
        out_specs=spec,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        interpret=True,
    )(x, y)


def bad_block(x):
    # A block that does not tile the array: the error is raised here.
    spec = pl.BlockSpec((3, 128), lambda i: (i, 0))
    return pl.pallas_call(
        _kernel_copy,
        grid=(x.shape[0] // 3,),
        in_specs=[spec],
        out_specs=spec,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        interpret=True,
    )(x)


def _kernel_copy(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1
