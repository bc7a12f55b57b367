# SEMANTICS T45: Element padding reads the generic uninitialised value.
# TPU interpret mode ignores Element padding (lo, hi): the block starts at
# the array's first element and the end is padded with NaN / int max. The
# chip refuses the 6-element block of a 3-element array (the rank-1 rule).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def copy_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]

x = jnp.full((3,), 42.0, jnp.float32)
out = pl.pallas_call(  # [chip] expect error: ValueError: The Pallas TPU lowering currently requires that rank 1 block shapes, either 1) the first (and only) dimension of the block shape is equal to the first (and only) dimension of the array shape, or 2) the first (and only) dimension of the block shape is a multiple of 1024, or 3) the first (and only) dimension of the block shape is a power of 2 and at least the tiling size (128 = 128 * (32 // 32)) of the array shape. Block spec for args[0] in pallas_call copy_kernel at t45_element_padding_is_nan.py:9 has block shape (Element(block_size=6, padding=(1, 2)),), array shape (3,), and index_map ...
    copy_kernel,
    in_specs=[pl.BlockSpec((pl.Element(6, (1, 2)),), lambda i: (0,))],
    out_specs=pl.BlockSpec((6,), lambda i: (0,)),
    out_shape=jax.ShapeDtypeStruct((6,), jnp.float32),
    grid=(1,),
    interpret=True,
)(x)
print(out)  # [interpret] expect: [nan 42. 42. 42. nan nan]
            # [tpu] expect: [42. 42. 42. nan nan nan]
xi = jnp.full((3,), 42, jnp.int32)
outi = pl.pallas_call(
    copy_kernel,
    in_specs=[pl.BlockSpec((pl.Element(6, (1, 2)),), lambda i: (0,))],
    out_specs=pl.BlockSpec((6,), lambda i: (0,)),
    out_shape=jax.ShapeDtypeStruct((6,), jnp.int32),
    grid=(1,),
    interpret=True,
)(xi)
print(outi)  # [interpret] expect: [-2147483648          42          42          42 -2147483648 -2147483648]
             # [tpu] expect: [        42         42         42 2147483647 2147483647 2147483647]
