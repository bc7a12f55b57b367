# SEMANTICS T47: Element dims with high padding; the kernel reads the first 8 rows.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def kernel(x_ref, y_ref):
    y_ref[...] = x_ref[pl.ds(0, 8)]

x = jnp.arange(8 * 128, dtype=jnp.float32).reshape(8, 128)
y = pl.pallas_call(
    kernel,
    grid=(1,),
    in_specs=[pl.BlockSpec((pl.Element(16, (0, 8)), pl.Element(128)), lambda i: (0, 0))],
    out_specs=pl.BlockSpec((8, 128), lambda i: (0, 0)),
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    interpret=True,
)(x)
print(bool(jnp.array_equal(x, y)))  # expect: True
