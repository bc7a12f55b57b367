import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def double_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2

x = jnp.arange(12, dtype=jnp.float32).reshape(3, 4)
y = pl.pallas_call(
    double_kernel,
    grid=(2,),
    in_specs=[pl.BlockSpec((2, 4), lambda i: (i, 0))],
    out_specs=pl.BlockSpec((2, 4), lambda i: (i, 0)),
    out_shape=jax.ShapeDtypeStruct((3, 4), jnp.float32),
    interpret=True,
)(x)
