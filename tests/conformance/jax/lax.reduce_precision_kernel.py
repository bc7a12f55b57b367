# lax.reduce_precision inside a kernel: the interpreters round as XLA does
# (rungs 1-2), and the chip refuses it as Pallas's TPU lowering does (it has
# no rule for reduce_precision).
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl


def kernel(x_ref, o_ref):
    o_ref[...] = lax.reduce_precision(x_ref[...], exponent_bits=8, mantissa_bits=7)  # [chip] expect error: NotImplementedError: Unimplemented primitive in Pallas TPU lowering for tc: reduce_precision. Please file an issue at https://github.com/jax-ml/jax/issues/new/choose.


xs = jnp.full((8, 128), 1.01171875)
out = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32), interpret=True)(xs)
print(out[0, :2])  # [interpret,tpu] expect: [1.015625 1.015625]
