# A NumPy float64 array passed straight to a pallas_call or a jitted
# function converts as JAX converts it with x64 off (float64 -> float32,
# int64 -> int32): the kernel sees float32 blocks, and its result is
# compared with the float64 reference.
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def scale_kernel(x_ref, n_ref, o_ref):
    o_ref[...] = x_ref[...] * 2 + n_ref[...].astype(jnp.float32)

x = np.linspace(0.0, 1.0, 1024).reshape(8, 128)
n = np.arange(1024).reshape(8, 128) % 3
print(x.dtype, n.dtype)  # expect: float64 int64
out = pl.pallas_call(
    scale_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, jnp.float32),
    interpret=True,
)(x, n)
print(out.dtype, out.shape)  # expect: float32 (8, 128)
ref = x * 2 + n
print(ref.dtype)  # expect: float64
np.testing.assert_allclose(out, ref, rtol=1e-6, atol=1e-6)
doubled = jax.jit(lambda v: v + v)(x)
print(doubled.dtype, "%.4f %d" % (np.max(doubled), np.sum(n)))  # expect: float32 2.0000 1023
