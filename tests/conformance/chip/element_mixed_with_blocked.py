# A block shape mixing pl.Element with Blocked dims (Squeezed may mix):
# refused by the lowering's window_params loop; the interpreters run it.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]

x = jnp.arange(16 * 128, dtype=jnp.float32).reshape(16, 128)
out = pl.pallas_call(  # [chip] expect error: NotImplementedError: All block dimensions must be Elements or none of them can be Elements.
    kernel,
    grid=(2,),
    in_specs=[pl.BlockSpec((pl.Element(8), 128), lambda i: (8 * i, 0))],
    out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
    out_shape=jax.ShapeDtypeStruct((16, 128), jnp.float32),
)(x)
print(bool(jnp.array_equal(out, x)))  # [interpret,tpu] expect: True
