# A kernel output of 10^9 elements is refused before anything is allocated
# (rung 3's compile check sees the VMEM footprint first).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def k(o_ref):
    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)

y = pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((1000, 1000, 1000), jnp.float32), interpret=True)()  # [interpret,tpu] expect error: MemoryError: array of shape (1000, 1000, 1000) has 1000000000 elements, more than the limit of 250000001 elements  # [chip] expect error: JaxRuntimeError: RESOURCE_EXHAUSTED: Ran out of memory in memory space vmem. Used 3.81G of 16.00M vmem...
