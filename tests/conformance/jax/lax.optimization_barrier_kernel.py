# lax.optimization_barrier in a kernel: values pass through on the
# interpreters (rungs 1-2); the chip refuses it, as Pallas's TPU lowering
# has no rule for optimization_barrier.
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl


def kernel(x_ref, o_ref):
    a, b = lax.optimization_barrier((x_ref[...], x_ref[...] * 2.0))  # [chip] expect error: NotImplementedError: Unimplemented primitive in Pallas TPU lowering for tc: optimization_barrier. Please file an issue at https://github.com/jax-ml/jax/issues/new/choose.
    o_ref[...] = a + b


out = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32), interpret=True)(jnp.ones((8, 128)))
print(out[0, 0], lax.optimization_barrier(jnp.float32(2.0)))  # [interpret,tpu] expect: 3.0 2.0
