# SEMANTICS T56: ref.at[...] views compose.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def kernel(x_ref, o_ref):
    o_ref[...] = jnp.zeros_like(o_ref)
    o_ref.at[pl.ds(0, 8)].at[0].at[pl.ds(0, 4), pl.ds(0, 4)][...] = x_ref[...]

x = jnp.arange(16, dtype=jnp.float32).reshape(4, 4) + 1
o = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((16, 16, 16), jnp.float32), interpret=True)(x)
print(bool(jnp.array_equal(o[0, :4, :4], x)), float(o.sum()), float(x.sum()))  # expect: True 136.0 136.0
