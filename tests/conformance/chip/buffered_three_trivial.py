# The other half of buffered_three.py: with only the trivial-window block
# asking for pl.Buffered(3), Mosaic forces one buffer and compiles it.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def kernel(x_ref, w_ref, o_ref):
    o_ref[...] = x_ref[...] + w_ref[...]

x = jnp.ones((16, 128), jnp.float32)
w = jnp.ones((8, 128), jnp.float32)
out = pl.pallas_call(
    kernel,
    grid=(2,),
    in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0)),
              pl.BlockSpec((8, 128), lambda i: (0, 0), pipeline_mode=pl.Buffered(3))],
    out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
    out_shape=jax.ShapeDtypeStruct((16, 128), jnp.float32),
)(x, w)
print(float(out.sum()))  # expect: 4096.0
