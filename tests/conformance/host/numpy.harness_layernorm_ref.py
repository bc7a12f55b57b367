# Layer norm: a kernel in float32, a NumPy float64 reference with np.mean,
# np.var and np.sqrt, and the usual assert_allclose check.
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

EPS = 1e-5

def layernorm_kernel(x_ref, g_ref, o_ref):
    x = x_ref[...]
    mu = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.mean((x - mu) ** 2, axis=-1, keepdims=True)
    o_ref[...] = (x - mu) * jax.lax.rsqrt(var + EPS) * g_ref[...]

def layernorm_ref(x, g):
    x64 = x.astype(np.float64)
    mu = np.mean(x64, axis=-1, keepdims=True)
    var = np.var(x64, axis=-1, keepdims=True)
    return (x64 - mu) / np.sqrt(var + EPS) * g

rng = np.random.default_rng(7)
x = rng.standard_normal((16, 256), dtype=np.float32)
g = np.linspace(0.5, 1.5, 256).astype(np.float32)
print(x.dtype, g.dtype, np.linspace(0.5, 1.5, 256).dtype)  # expect: float32 float32 float64
out = pl.pallas_call(
    layernorm_kernel,
    grid=(2,),
    in_specs=[pl.BlockSpec((8, 256), lambda i: (i, 0)), pl.BlockSpec((1, 256), lambda i: (0, 0))],
    out_specs=pl.BlockSpec((8, 256), lambda i: (i, 0)),
    out_shape=jax.ShapeDtypeStruct(x.shape, jnp.float32),
    interpret=True,
)(x, g.reshape(1, -1))
ref = layernorm_ref(x, g)
print(ref.dtype)  # expect: float64
np.testing.assert_allclose(out, ref, rtol=1e-4, atol=1e-4)
print(np.round(np.mean(ref / g, axis=-1)[:2], 6) + 0.0)  # expect: [0. 0.]
