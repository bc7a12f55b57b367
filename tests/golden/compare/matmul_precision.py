# A float32 matmul kernel checked on every rung: the interpreters compute it
# exactly, rung 3 takes the MXU's default bf16 pass, so the values part by a
# rounding the compare text names (and the host's own x @ w on rung 3's TPU
# host rounds alike).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def project_kernel(x_ref, w_ref, o_ref):
    o_ref[...] = jnp.dot(x_ref[...], w_ref[...])


x = jnp.linspace(-1.0, 1.0, 8 * 128, dtype=jnp.float32).reshape(8, 128)
w = jnp.cos(jnp.arange(128 * 128, dtype=jnp.float32).reshape(128, 128) / 7.0)
y = pl.pallas_call(
    project_kernel,
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    interpret=True,
)(x, w)
agrees_with_host = bool(jnp.allclose(y, x @ w, atol=1e-5))
print("kernel matches the host's x @ w:", agrees_with_host)
