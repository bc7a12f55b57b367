# A bitwidth-changing bitcast scales the second-minor dimension: 3 bf16
# rows do not fill whole int32 words.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def kernel(x_ref, o_ref):
    same_width = x_ref.bitcast(jnp.int16)
    print(same_width.shape, same_width.dtype)  # expect: (3, 128) int16
    o_ref[...] = x_ref.bitcast(jnp.int32)[...]  # expect error: ValueError: Expected input and output shapes are the same after multiplying the second-minor dimension by the bitwidths.

x = jnp.ones((3, 128), jnp.bfloat16)
pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((1, 128), jnp.int32), interpret=True)(x)
