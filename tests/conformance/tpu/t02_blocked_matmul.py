# SEMANTICS T2 (scaled down from 1024): a blocked matmul gives the same
# answer on both interpreters. The chip rounds f32 matmul inputs to bf16 at
# the default precision, so it is not within 1e-3 of the exact f32 product;
# but its TPU host computes `x @ y` at the same default precision, so the
# check against the host's own product passes there too, as on a TPU.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def matmul_kernel(x_ref, y_ref, z_ref):
    z_ref[...] = x_ref[...] @ y_ref[...]

k1, k2 = jax.random.split(jax.random.key(0))
x = jax.random.normal(k1, (256, 256))
y = jax.random.normal(k2, (256, 256))
z = pl.pallas_call(
    matmul_kernel,
    out_shape=jax.ShapeDtypeStruct((256, 256), jnp.float32),
    grid=(2, 2),
    in_specs=[pl.BlockSpec((128, 256), lambda i, j: (i, 0)),
              pl.BlockSpec((256, 128), lambda i, j: (0, j))],
    out_specs=pl.BlockSpec((128, 128), lambda i, j: (i, j)),
    interpret=pltpu.InterpretParams(),
)(x, y)
print(bool(jnp.allclose(z, x @ y, atol=1e-3)))  # expect: True
exact = jnp.dot(x, y, precision=jax.lax.Precision.HIGHEST)
print(bool(jnp.allclose(z, exact, atol=1e-3)))  # [interpret,tpu] expect: True
                                                # [chip] expect: False
