# An accumulator nobody zeroed: += into a fresh output reads NaN on rung 1 and stale memory on a chip.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def row_sum_kernel(x_ref, o_ref):
    # Missing: @pl.when(pl.program_id(0) == 0) to set o_ref to zero first.
    o_ref[...] += x_ref[...]


x = jnp.ones((4 * 8, 128), jnp.float32)
total = pl.pallas_call(
    row_sum_kernel,
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    grid=(4,),
    in_specs=[pl.BlockSpec((8, 128), lambda k: (k, 0))],
    out_specs=pl.BlockSpec((8, 128), lambda k: (0, 0)),
    interpret=True,
)(x)
print(total[0, :4])
