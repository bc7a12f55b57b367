# A primitive without a Mosaic lowering rule (here cumsum) is a
# NotImplementedError naming it, at the equation that uses it.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def kernel(x_ref, o_ref):
    o_ref[...] = jnp.cumsum(x_ref[...], axis=1)  # [chip] expect error: NotImplementedError: Unimplemented primitive in Pallas TPU lowering for tc: cumsum. Please file an issue at https://github.com/jax-ml/jax/issues/new/choose.

x = jnp.ones((8, 128), jnp.float32)
out = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32))(x)
print(float(out[0, 127]))  # [interpret,tpu] expect: 128.0
