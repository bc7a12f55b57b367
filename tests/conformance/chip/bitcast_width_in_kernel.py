# A width-changing lax.bitcast_convert_type in a kernel: JAX's interpreters
# run it; Pallas's TPU lowering refuses it (pltpu.bitcast is the TPU way).
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl


def split_words(x_ref, o_ref):
    o_ref[...] = lax.bitcast_convert_type(x_ref[...], jnp.uint16)[..., 0]  # [chip] expect error: NotImplementedError: Changing bitwidths not supported.


x = jnp.full((8, 128), 1.0, jnp.float32)
low = pl.pallas_call(split_words, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.uint16))(x)
print(low[0, :2])  # [interpret,tpu] expect: [0 0]
