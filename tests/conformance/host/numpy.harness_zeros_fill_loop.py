# The blocked reference JAX's TPU guides build: a float64 np.zeros buffer
# filled block by block in Python loops (z[rows, cols] += ...), compared to
# a kernel that writes the same blocks in float32.
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

BM, BN = 8, 128

def scale_kernel(x_ref, o_ref):
    i = pl.program_id(0)
    o_ref[...] = x_ref[...] * (i + 1).astype(jnp.float32)

x = np.random.default_rng(1).standard_normal((32, 128)).astype(np.float32)
out = pl.pallas_call(
    scale_kernel,
    grid=(x.shape[0] // BM,),
    in_specs=[pl.BlockSpec((BM, BN), lambda i: (i, 0))],
    out_specs=pl.BlockSpec((BM, BN), lambda i: (i, 0)),
    out_shape=jax.ShapeDtypeStruct(x.shape, jnp.float32),
    interpret=True,
)(x)

ref = np.zeros(x.shape)
print(ref.dtype)  # expect: float64
for i in range(x.shape[0] // BM):
    rows = slice(i * BM, (i + 1) * BM)
    ref[rows, :] += x[rows, :] * (i + 1)
print(ref.dtype, ref[8:10, 0].dtype)  # expect: float64 float64
np.testing.assert_allclose(out, ref, rtol=1e-6)
np.testing.assert_array_equal(np.asarray(out), ref.astype(np.float32))
print(np.array_equal(out[:8], x[:8]), np.abs(ref).max() > 0)  # expect: True True
