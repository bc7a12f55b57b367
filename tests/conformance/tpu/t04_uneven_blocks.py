# SEMANTICS T4 (scaled down): blocks that do not divide the arrays. The
# padding is invisible in the result on every rung.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(x_ref, y_ref):
    y_ref[...] = x_ref[...] + 1

x = jnp.arange(7 * 24 * 20, dtype=jnp.float32).reshape(7, 24, 20)
y = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(4, 2, 3),
    in_specs=[pl.BlockSpec((2, 16, 8), lambda i, j, k: (i, j, k))],
    out_specs=pl.BlockSpec((2, 16, 8), lambda i, j, k: (i, j, k)),
    interpret=pltpu.InterpretParams(),
)(x)
print(bool(jnp.array_equal(y, x + 1)))  # expect: True
