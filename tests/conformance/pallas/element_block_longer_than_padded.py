# An Element block longer than its padded operand (2 elements + 1 + 2 of
# padding = 5 < 6): JAX's interpreter dynamic-slices the padded operand and
# lax refuses the slice size; TPU interpret mode ignores Element padding and
# pads the end; the chip refuses the rank-1 block.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def copy_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]


x = jnp.full((2,), 42.0, jnp.float32)
out = pl.pallas_call(  # [interpret] expect error: TypeError: dynamic_slice slice_sizes must be less than or equal to operand shape, got slice_sizes (6,) for operand shape (5,).  # [chip] expect error: ValueError: The Pallas TPU lowering currently requires that rank 1 block shapes...
    copy_kernel,
    in_specs=[pl.BlockSpec((pl.Element(6, (1, 2)),), lambda i: (0,))],
    out_specs=pl.BlockSpec((6,), lambda i: (0,)),
    out_shape=jax.ShapeDtypeStruct((6,), jnp.float32),
    grid=(1,),
    interpret=True,
)(x)
print(out)  # [tpu] expect: [42. 42. nan nan nan nan]
