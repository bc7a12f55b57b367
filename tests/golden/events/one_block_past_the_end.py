import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def copy_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]

x = jnp.arange(4 * 4, dtype=jnp.float32).reshape(4, 4)
out = pl.pallas_call(
    copy_kernel,
    grid=(2,),
    in_specs=[pl.BlockSpec((2, 4), lambda i: (i + 1, 0))],
    out_specs=pl.BlockSpec((2, 4), lambda i: (i, 0)),
    out_shape=jax.ShapeDtypeStruct((4, 4), jnp.float32),
    interpret=True,
)(x)
