# SEMANTICS T44: Element block dims take element offsets from the index map.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def fill_kernel(o_ref):
    o_ref[...] = jnp.full(o_ref.shape, pl.program_id(0), jnp.int32)

out = pl.pallas_call(
    fill_kernel,
    out_specs=pl.BlockSpec((pl.Element(8), pl.Element(128)), lambda i: (8 * i, 0)),
    out_shape=jax.ShapeDtypeStruct((16, 128), jnp.int32),
    grid=(2,),
    interpret=True,
)()
print(out[:8].max(), out[8:].min())  # expect: 0 1
out2 = pl.pallas_call(
    fill_kernel,
    out_specs=pl.BlockSpec((pl.Element(8, (0, 2)), pl.Element(128)), lambda i: (8 * i, 0)),
    out_shape=jax.ShapeDtypeStruct((14, 128), jnp.int32),
    grid=(2,),
    interpret=True,
)()
print(out2.shape, out2[:8].max(), out2[8:].min(), out2[8:].max())  # expect: (14, 128) 0 1 1
