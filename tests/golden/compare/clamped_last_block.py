# An index map one block ahead of the grid: step 1 asks for block 2 of a
# two-block array. Rung 1 clamps the window back onto block 1 (so block 1 is
# written twice and block 0 never), rung 2 refuses the out-of-bounds block,
# and the chip model leaves it undefined: the compare text shows where the
# rungs part.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def plus_step(x_ref, o_ref):
    o_ref[...] = x_ref[...] + pl.program_id(0).astype(jnp.float32)


x = jnp.arange(16 * 128, dtype=jnp.float32).reshape(16, 128)
y = pl.pallas_call(
    plus_step,
    grid=(2,),
    in_specs=[pl.BlockSpec((8, 128), lambda i: (i + 1, 0))],
    out_specs=pl.BlockSpec((8, 128), lambda i: (i + 1, 0)),
    out_shape=jax.ShapeDtypeStruct((16, 128), jnp.float32),
    interpret=True,
)(x)
