# Host float32 matmuls compute as the modelled platform computes them: the
# CPU host (rungs 1-2) exactly, the chip rung's TPU host at XLA's default
# TPU precision (one bf16 pass), like the kernel's own dot. So a kernel's
# check against `a @ b` passes on every rung, and precision=HIGHEST,
# jax.default_matmul_precision and NumPy (always on the CPU) stay exact.
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl


def tile_matmul_kernel(a_ref, b_ref, o_ref):
    o_ref[...] = jnp.dot(a_ref[...], b_ref[...])


def tile_matmul(a, b):
    return pl.pallas_call(
        tile_matmul_kernel,
        out_shape=jax.ShapeDtypeStruct((a.shape[0], b.shape[1]), jnp.float32),
        grid=(2,),
        in_specs=[pl.BlockSpec((64, 128), lambda i: (i, 0)), pl.BlockSpec((128, 128), lambda i: (0, 0))],
        out_specs=pl.BlockSpec((64, 128), lambda i: (i, 0)),
    )(a, b)


rng = np.random.default_rng(7)
a = jnp.asarray(rng.standard_normal((128, 128), dtype=np.float32))
b = jnp.asarray(rng.standard_normal((128, 128), dtype=np.float32))
out = tile_matmul(a, b)
np.testing.assert_allclose(out, a @ b, rtol=1e-5, atol=1e-5)
print("kernel matches the host's a @ b")  # expect: kernel matches the host's a @ b

exact = jnp.dot(a, b, precision=jax.lax.Precision.HIGHEST)
rounding = float(jnp.abs(a @ b - exact).max())
print(rounding > 1e-3)  # [interpret,tpu] expect: False  # [chip] expect: True
with jax.default_matmul_precision("float32"):
    print(float(jnp.abs(a @ b - exact).max()) < 1e-3)  # expect: True
three_pass = float(jnp.abs(jnp.dot(a, b, precision=jax.lax.Precision.HIGH) - exact).max())
print(three_pass < 1e-3)  # expect: True
host = np.asarray(a) @ np.asarray(b)
print(float(np.abs(host - np.asarray(exact)).max()) < 1e-3)  # expect: True
print(jax.devices()[0].platform)  # [interpret,tpu] expect: cpu  # [chip] expect: tpu
