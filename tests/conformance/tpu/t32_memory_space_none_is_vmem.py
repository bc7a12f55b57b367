# SEMANTICS T32: BlockSpec(memory_space=None) means VMEM; a VMEM run_scoped
# buffer starts as the uninitialised value, here "zero". On the chip it
# holds stale garbage whatever InterpretParams says.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(o_ref):
    pl.run_scoped(lambda v: pltpu.sync_copy(v, o_ref), pltpu.VMEM((8, 128), jnp.float32))

out = pl.pallas_call(
    kernel,
    grid=(1,),
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    out_specs=pl.BlockSpec(memory_space=None),
    interpret=pltpu.InterpretParams(uninitialized_memory="zero"),
)()
print(bool((out == 0).all()))  # [tpu] expect: True
                               # [interpret] expect: False
                               # [chip] expect: False
