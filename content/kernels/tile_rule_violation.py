# A tile-rule violation: a (4, 100) float32 block is neither a multiple of (8, 128) nor the whole array.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def double_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0


x = jnp.ones((16, 200), jnp.float32)
spec = pl.BlockSpec((4, 100), lambda i, j: (i, j))
y = pl.pallas_call(
    double_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(4, 2),
    in_specs=[spec],
    out_specs=spec,
    interpret=True,  # rungs 1 and 2 accept it; the chip model's compiler check refuses it
)(x)
print(float(y.sum()))
