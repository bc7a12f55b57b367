# SEMANTICS T59 on a TPU: the quickstart's iota writes o_ref[i] = i, which
# needs the output in SMEM (scalar stores); the same kernel with the output
# in VMEM is vmem_scalar_store.py.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def iota_kernel(o_ref):
    i = pl.program_id(0)
    o_ref[i] = i

out = pl.pallas_call(
    iota_kernel,
    out_specs=pl.BlockSpec(memory_space=pltpu.SMEM),
    out_shape=jax.ShapeDtypeStruct((8,), jnp.int32),
    grid=(8,),
)()
print(out)  # expect: [0 1 2 3 4 5 6 7]
