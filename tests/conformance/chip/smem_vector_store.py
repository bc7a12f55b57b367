# SMEM holds scalars: storing a vector into an SMEM ref is refused (one
# scalar at a time works, as in the quickstart's iota).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(o_ref):
    o_ref[...] = jnp.arange(8, dtype=jnp.int32)  # [chip] expect error: ValueError: Can only store scalars to SMEM

out = pl.pallas_call(
    kernel,
    out_specs=pl.BlockSpec(memory_space=pltpu.SMEM),
    out_shape=jax.ShapeDtypeStruct((8,), jnp.int32),
)()
print(out)  # [interpret,tpu] expect: [0 1 2 3 4 5 6 7]
