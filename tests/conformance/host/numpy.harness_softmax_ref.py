# A softmax kernel checked against NumPy's float64 reference: np.max with
# keepdims, np.exp and the division all stay float64; the kernel's float32
# output is compared with assert_allclose at float32 tolerance.
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def softmax_kernel(x_ref, o_ref):
    x = x_ref[...]
    e = jnp.exp(x - jnp.max(x, axis=-1, keepdims=True))
    o_ref[...] = e / jnp.sum(e, axis=-1, keepdims=True)

def softmax_ref(x):
    x = x.astype(np.float64)
    e = np.exp(x - np.max(x, axis=-1, keepdims=True))
    return e / np.sum(e, axis=-1, keepdims=True)

np.random.seed(42)
x = (np.random.rand(16, 128) * 4 - 2).astype(np.float32)
out = pl.pallas_call(
    softmax_kernel,
    grid=(2,),
    in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0))],
    out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    interpret=True,
)(x)
ref = softmax_ref(x)
print(ref.dtype, out.dtype)  # expect: float64 float32
np.testing.assert_allclose(out, ref, rtol=1e-5, atol=1e-6)
rows = ref.sum(axis=-1)
print(rows.dtype, np.allclose(rows, 1.0))  # expect: float64 True
print(np.argmax(ref[0]) == np.argmax(np.asarray(out)[0]))  # expect: True
