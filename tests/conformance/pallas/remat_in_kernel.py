# jax.checkpoint and checkpoint_name inside a kernel body: JAX's interpreters
# evaluate the rematted function as it is; Pallas's TPU lowering has no rule
# for the `remat2` primitive jax.checkpoint binds, so the chip rung refuses
# the kernel with Mosaic's text.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def kernel(x_ref, o_ref):
    @jax.checkpoint
    def block(x):
        return jnp.tanh(x) * 2.0

    o_ref[...] = block(x_ref[...])  # [chip] expect error: NotImplementedError: Unimplemented primitive in Pallas TPU lowering for tc: remat2. Please file an issue at https://github.com/jax-ml/jax/issues/new/choose.


x = jnp.zeros((8, 128), jnp.float32) + 0.5
y = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)
print(y[0, :2])  # [interpret,tpu] expect: [0.92423433 0.92423433]
