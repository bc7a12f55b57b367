# SEMANTICS T4 (scaled down): blocks that do not divide the arrays. The
# padding is invisible in the result on both interpreters. The chip refuses
# the (16, 8) minor block dims of a (24, 20) array (the (8, 128) rule).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(x_ref, y_ref):
    y_ref[...] = x_ref[...] + 1

x = jnp.arange(7 * 24 * 20, dtype=jnp.float32).reshape(7, 24, 20)
y = pl.pallas_call(  # [chip] expect error: ValueError: The Pallas TPU lowering currently requires that the last two dimensions of your block shape are divisible by 8 and 128 respectively, or be equal to the respective dimensions of the overall array. Block spec for args[0] in pallas_call kernel at t04_uneven_blocks.py:9 has block shape (Blocked(block_size=2), Blocked(block_size=16), Blocked(block_size=8)), array shape (7, 24, 20), and index_map ...
    kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(4, 2, 3),
    in_specs=[pl.BlockSpec((2, 16, 8), lambda i, j, k: (i, j, k))],
    out_specs=pl.BlockSpec((2, 16, 8), lambda i, j, k: (i, j, k)),
    interpret=pltpu.InterpretParams(),
)(x)
print(bool(jnp.array_equal(y, x + 1)))  # [interpret,tpu] expect: True
