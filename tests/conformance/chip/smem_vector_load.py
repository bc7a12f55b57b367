# SMEM holds scalars: reading a vector out of an SMEM ref is refused.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(s_ref, o_ref):
    o_ref[...] = jnp.broadcast_to(s_ref[...].sum(), o_ref.shape)  # [chip] expect error: ValueError: Can only load scalars from SMEM

s = jnp.arange(8, dtype=jnp.int32)
out = pl.pallas_call(
    kernel,
    in_specs=[pl.BlockSpec(memory_space=pltpu.SMEM)],
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.int32),
)(s)
print(int(out[0, 0]))  # [interpret,tpu] expect: 28
