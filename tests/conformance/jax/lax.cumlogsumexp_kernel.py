# lax.cumlogsumexp over a tile's rows in a kernel, as log-space scans use
# it: rungs 1-2 compute it; the chip refuses it, as Pallas's TPU lowering
# has no rule for cumlogsumexp.
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl


def kernel(x_ref, o_ref):
    o_ref[...] = lax.cumlogsumexp(x_ref[...], axis=0)  # [chip] expect error: NotImplementedError: Unimplemented primitive in Pallas TPU lowering for tc: cumlogsumexp. Please file an issue at https://github.com/jax-ml/jax/issues/new/choose.


out = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32), interpret=True)(jnp.zeros((8, 128)))
print(out[:4, 0])  # [interpret,tpu] expect: [0.        0.6931472 1.0986123 1.3862944]
