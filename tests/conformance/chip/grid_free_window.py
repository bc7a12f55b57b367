# Without a grid every block must be the whole array with a zero index map
# (lower_jaxpr_into_module), checked after the kernel body lowers.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0

x = jnp.ones((16, 128), jnp.float32)
out = pl.pallas_call(  # [chip] expect error: NotImplementedError: Non-trivial windowing is not supported for grid-free pallas_call.
    kernel,
    in_specs=[pl.BlockSpec((8, 128), lambda: (0, 0))],
    out_specs=pl.BlockSpec((8, 128), lambda: (0, 0)),
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
)(x)
print(float(out.sum()))  # [interpret,tpu] expect: 2048.0
