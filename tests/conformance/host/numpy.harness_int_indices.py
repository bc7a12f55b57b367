# Integer inputs as harnesses draw them: np.random.randint gives int64, the
# kernel takes int32 (JAX's x64-off canonical type), and the int64
# reference is compared exactly.
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def add_kernel(a_ref, b_ref, o_ref):
    o_ref[...] = a_ref[...] * 3 + b_ref[...]

np.random.seed(3)
a = np.random.randint(-1000, 1000, size=(8, 128))
b = np.random.randint(0, 7, size=(8, 128))
print(a.dtype, b.dtype)  # expect: int64 int64
out = pl.pallas_call(
    add_kernel,
    out_shape=jax.ShapeDtypeStruct(a.shape, jnp.int32),
    interpret=True,
)(a.astype(np.int32), b.astype(np.int32))
print(out.dtype)  # expect: int32
ref = a * 3 + b
print(ref.dtype)  # expect: int64
np.testing.assert_array_equal(out, ref)
print(np.sum(ref == np.asarray(out)), (ref == np.asarray(out)).dtype)  # expect: 1024 bool
print(jnp.asarray(a).dtype, (jnp.asarray(a) + 1).dtype)  # expect: int32 int32
