# Iota with program_id: each grid step stamps its own index into its block.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def iota_kernel(o_ref):
    i = pl.program_id(0)
    # Every element of block i gets i * 8 + its lane: together, 0..31.
    o_ref[...] = i * 8 + jnp.arange(8, dtype=jnp.int32)


out = pl.pallas_call(
    iota_kernel,
    out_shape=jax.ShapeDtypeStruct((32,), jnp.int32),
    grid=(4,),
    out_specs=pl.BlockSpec((8,), lambda i: (i,)),
    interpret=True,
)()
print(out)
