# A ragged last block: 10 rows in blocks of 4, so the third block reads 2 rows of padding.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def block_sum_kernel(x_ref, o_ref):
    # Sums all 4 rows of the block, padding rows included.
    o_ref[...] = jnp.sum(x_ref[...], axis=0, keepdims=True)


x = jnp.ones((10, 128), jnp.float32)
sums = pl.pallas_call(
    block_sum_kernel,
    out_shape=jax.ShapeDtypeStruct((3, 128), jnp.float32),
    grid=(pl.cdiv(10, 4),),
    in_specs=[pl.BlockSpec((4, 128), lambda i: (i, 0))],
    out_specs=pl.BlockSpec((1, 128), lambda i: (i, 0)),
    interpret=True,
)(x)
# Rung 1 fills padding with NaN, so the last row is NaN; a chip sums garbage instead.
print(sums[:, 0])
