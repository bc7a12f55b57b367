# SEMANTICS T45: Element padding reads the generic uninitialised value.
# TPU interpret mode ignores Element padding (lo, hi): the block starts at
# the array's first element and the end is padded with NaN / int max.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def copy_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]

x = jnp.full((3,), 42.0, jnp.float32)
out = pl.pallas_call(
    copy_kernel,
    in_specs=[pl.BlockSpec((pl.Element(6, (1, 2)),), lambda i: (0,))],
    out_specs=pl.BlockSpec((6,), lambda i: (0,)),
    out_shape=jax.ShapeDtypeStruct((6,), jnp.float32),
    grid=(1,),
    interpret=True,
)(x)
print(out)  # [interpret,chip] expect: [nan 42. 42. 42. nan nan]
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
print(outi)  # [interpret,chip] expect: [-2147483648          42          42          42 -2147483648 -2147483648]
             # [tpu] expect: [        42         42         42 2147483647 2147483647 2147483647]
