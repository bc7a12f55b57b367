# SEMANTICS 3.4: generic mode reads outputs from the carried array, so
# revisiting an output block sees earlier writes (accumulation "works"
# whatever the order); rung 2 refuses the revisit.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def kernel(o_ref):
    @pl.when(pl.program_id(0) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)
    o_ref[...] += 1.0

y = pl.pallas_call(  # [tpu] expect error: RuntimeError: Revisited block ...
    kernel,
    grid=(4,),
    out_specs=pl.BlockSpec((8,), lambda i: (i % 2,)),
    out_shape=jax.ShapeDtypeStruct((16,), jnp.float32),
    interpret=True,
)()
print(y[0], y[8])  # [interpret] expect: 2.0 nan
