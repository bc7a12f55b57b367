# SEMANTICS T43: a None block dim is squeezed out of the kernel's ref.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def add_kernel(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...] + y_ref[...]

xy = jnp.arange(8.).reshape(2, 4)
out = pl.pallas_call(
    add_kernel,
    out_shape=jax.ShapeDtypeStruct((4,), jnp.float32),
    in_specs=[pl.BlockSpec((None, 4), lambda _: (0, 0)),
              pl.BlockSpec((None, 4), lambda _: (1, 0))],
    grid=1,
    interpret=True,
)(xy, xy)
print(out)  # expect: [ 4.  6.  8. 10.]
