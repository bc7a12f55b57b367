# pl.run_state(f)(args): f runs on refs initialised with args (a pytree) and
# their final values come back. On the host and inside a kernel on JAX's
# interpreters; Mosaic has no lowering rule for run_state, so a kernel on
# the chip rung is refused.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def accumulate(refs):
    x_ref, acc_ref = refs
    acc_ref[...] += x_ref[...] * 2
    x_ref[...] = jnp.zeros_like(x_ref[...])


x, acc = pl.run_state(accumulate)((jnp.arange(3.0), jnp.ones(3)))
print(x, acc)  # expect: [0. 0. 0.] [1. 3. 5.]


def kernel(x_ref, o_ref):
    _, total = pl.run_state(accumulate)((x_ref[...], jnp.ones_like(x_ref[...])))  # [chip] expect error: NotImplementedError: Unimplemented primitive in Pallas TPU lowering for tc: run_state. Please file an issue at https://github.com/jax-ml/jax/issues/new/choose.
    o_ref[...] = total


y = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32))(jnp.ones((8, 128)))
print(y[0, 0], y[7, 127])  # [interpret,tpu] expect: 3.0 3.0
