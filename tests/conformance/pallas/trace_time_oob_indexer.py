# SEMANTICS 2.13: static out-of-range ref indices are rejected while the
# kernel is traced, with the indexer's messages (all rungs).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[pl.ds(6, 4)]  # expect error: ValueError: Out of bound slice: start=6, size=4, stride=1, dim=8.

x = jnp.arange(8, dtype=jnp.float32)
pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((4,), jnp.float32), interpret=True)(x)
