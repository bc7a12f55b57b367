# VMEM holds vectors: a scalar store into a VMEM ref is refused (the
# quickstart's iota without memory_space=pltpu.SMEM).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def iota_kernel(o_ref):
    i = pl.program_id(0)
    o_ref[i] = i  # [chip] expect error: ValueError: Cannot store scalars to VMEM

out = pl.pallas_call(
    iota_kernel,
    out_shape=jax.ShapeDtypeStruct((8,), jnp.int32),
    grid=(8,),
)()
print(out)  # [interpret,tpu] expect: [0 1 2 3 4 5 6 7]
