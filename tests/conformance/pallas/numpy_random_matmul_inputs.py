# A kernel test harness as people write them: seeded NumPy inputs (legacy
# randn and default_rng's float32 normals, NumPy's own streams), a tiled
# matmul kernel, and a check against the host reference.
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def matmul_kernel(x_ref, w_ref, o_ref):
    o_ref[...] = jnp.dot(x_ref[...], w_ref[...], preferred_element_type=jnp.float32)

def matmul(x, w, bm=64):
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
x = np.random.randn(128, 256).astype(np.float32)
rng = np.random.default_rng(0)
w = rng.standard_normal((256, 128), dtype=np.float32)
print(x[0, :3].tolist(), w[0, :3].tolist())  # expect: [1.764052391052246, 0.40015721321105957, 0.978738009929657] [1.1176220178604126, -1.3871248960494995, -0.4265716075897217]
rows = np.random.permutation(128)[:4]
print(rows.tolist())  # expect: [65, 22, 85, 76]
out = matmul(jnp.asarray(x), jnp.asarray(w))
ref = np.dot(x, w)
print(out.shape, np.allclose(out, ref, rtol=5e-2, atol=5e-1))  # expect: (128, 128) True
print(np.allclose(out[rows], ref[rows], rtol=5e-2, atol=5e-1))  # expect: True
