# A kernel that scans over the rows of its block, stacking a running sum
# (a prefix sum down the columns, as a cumsum-free kernel might write it).
# The interpreters run it; Mosaic's _scan_lowering_rule only lowers
# fori_loop-like scans, so on the chip the stacked output is refused.
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl


def prefix_kernel(x_ref, o_ref):
    def step(acc, row):
        acc = acc + row
        return acc, acc

    _, rows = lax.scan(step, jnp.zeros((128,), jnp.float32), x_ref[...])  # [chip] expect error: ValueError: Scan with 1 extensive output(s) is not supported.
    o_ref[...] = rows


x = jnp.arange(8 * 128, dtype=jnp.float32).reshape(8, 128) % 3.0
out = pl.pallas_call(prefix_kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32))(x)
print(out[:, 0])  # [interpret,tpu] expect: [0. 2. 3. 3. 5. 6. 6. 8.]
print(out[7, :4])  # [interpret,tpu] expect: [8. 7. 9. 8.]
