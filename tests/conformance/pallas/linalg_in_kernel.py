# jnp.linalg inside a kernel body. A 2x2 determinant is plain arithmetic
# (linalg.py's _det_2x2) and runs on every rung. Inverting a block binds
# lax.linalg's lu: Pallas's TPU lowering has no rule for it, which the chip
# model says with Mosaic's text; JAX's interpreters would run it through
# LAPACK, which Rungs does only on the host, so rungs 1-2 refuse the traced
# operand (compute it on the host and pass it in).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def det_kernel(m_ref, o_ref):
    o_ref[...] = jnp.linalg.det(m_ref[...]).reshape(8, 1) * jnp.ones((8, 128), jnp.float32)


mats = jnp.stack([jnp.array([[2.0, 1.0], [1.0, 3.0]]) * (i + 1) for i in range(8)])
d = pl.pallas_call(det_kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32))(mats)
print(d[:, 0].tolist())  # expect: [5.0, 20.0, 45.0, 80.0, 125.0, 180.0, 245.0, 320.0]


def inv_kernel(c_ref, x_ref, o_ref):
    o_ref[...] = jnp.linalg.inv(c_ref[...]) @ x_ref[...]  # [interpret,tpu] expect error: NotImplementedError: jnp.linalg.solve inside a traced function (a kernel body or index map) is not supported by Rungs; compute it on the host and pass the result in  # [chip] expect error: NotImplementedError: Unimplemented primitive in Pallas TPU lowering for tc: lu. Please file an issue at https://github.com/jax-ml/jax/issues/new/choose.


c = jnp.eye(128, dtype=jnp.float32) * 2.0
pl.pallas_call(inv_kernel, out_shape=jax.ShapeDtypeStruct((128, 128), jnp.float32))(c, jnp.ones((128, 128), jnp.float32))
