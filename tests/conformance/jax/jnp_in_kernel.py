# The Python-written jnp/lax functions trace into kernel bodies: a row-wise
# NaN-masked max and sum, a causal mask from meshgrid, hypot and logaddexp
# on the tile, rounded through bfloat16; the same values on every rung.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def kernel(x_ref, o_ref):
    x = x_ref[...]
    row_max = jnp.nanmax(x, axis=1, keepdims=True)
    row_sum = jnp.nansum(x, axis=1, keepdims=True)
    cols, rows = jnp.meshgrid(jnp.arange(128), jnp.arange(8))
    causal = jnp.where(cols <= rows, jnp.logaddexp(row_max, row_max), jnp.hypot(row_sum, 0.0))
    o_ref[...] = causal.astype(jnp.bfloat16).astype(jnp.float32)


x = jnp.where(jnp.arange(8 * 128).reshape(8, 128) % 4 == 0, jnp.nan, jnp.arange(128.0) / 64.0)
out = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32), interpret=True)(x)
print(out[0, :3], out[7, 7:9])  # expect: [ 2.671875 96.       96.      ] [ 2.671875 96.      ]
