# A kernel harness as published tests write it: float32 inputs from NumPy's
# legacy stream, a blocked matmul kernel, and a float64 reference
# (x.astype(np.float64) @ w.astype(np.float64)) checked with
# np.testing.assert_allclose.
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def matmul_kernel(x_ref, w_ref, o_ref):
    o_ref[...] = jnp.dot(x_ref[...], w_ref[...], preferred_element_type=jnp.float32,
                         precision=jax.lax.Precision.HIGHEST)

def matmul(x, w, bm=32):
    m, k = x.shape
    n = w.shape[1]
    return pl.pallas_call(
        matmul_kernel,
        grid=(m // bm,),
        in_specs=[pl.BlockSpec((bm, k), lambda i: (i, 0)), pl.BlockSpec((k, n), lambda i: (0, 0))],
        out_specs=pl.BlockSpec((bm, n), lambda i: (i, 0)),
        out_shape=jax.ShapeDtypeStruct((m, n), jnp.float32),
        interpret=True,
    )(x, w)

np.random.seed(0)
x = np.random.randn(64, 128).astype(np.float32)
w = np.random.randn(128, 128).astype(np.float32)
print(x.dtype, w.dtype)  # expect: float32 float32
ref = x.astype(np.float64) @ w.astype(np.float64)
print(ref.dtype, ref.shape)  # expect: float64 (64, 128)
out = matmul(jnp.asarray(x), jnp.asarray(w))
print(out.dtype)  # expect: float32
np.testing.assert_allclose(np.asarray(out), ref, rtol=1e-4, atol=1e-4)
err = np.max(np.abs(np.asarray(out, dtype=np.float64) - ref))
print(err.dtype, bool(err < 1e-3))  # expect: float64 True
