# SEMANTICS T50: named grids; lax.axis_size works inside the kernel.
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl

def copy_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]

x = jnp.arange(2 * 8 * 128, dtype=jnp.float32).reshape(2, 8, 128)
y = pl.pallas_call(
    copy_kernel,
    grid=(("i", 2),),
    in_specs=[pl.BlockSpec((None, 8, 128), lambda i: (i, 0, 0))],
    out_specs=pl.BlockSpec((None, 8, 128), lambda i: (i, 0, 0)),
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    interpret=True,
)(x)
print(bool(jnp.array_equal(x, y)))  # expect: True

def sizes_kernel(o_ref):
    o_ref[...] = jnp.full(o_ref.shape, lax.axis_size("i") * 10 + lax.axis_size("j"), jnp.int32)

z = pl.pallas_call(
    sizes_kernel,
    grid=(("j", 4), ("i", 2)),
    out_specs=pl.BlockSpec((None, 8, 128), lambda a, b: (a, 0, 0)),
    out_shape=jax.ShapeDtypeStruct((4, 8, 128), jnp.int32),
    interpret=True,
)()
print(int(z[3, 7, 127]))  # expect: 24
