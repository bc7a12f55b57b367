# A ()-shaped VMEM scratch cannot be indexed on TPU (use SMEM for scalars).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(o_ref, acc_ref):
    acc_ref[...] = jnp.float32(2.0)  # [chip] expect error: NotImplementedError: Indexing into a ()-shaped Ref not yet supported on TPU.
    o_ref[...] = jnp.full(o_ref.shape, acc_ref[...])

out = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    scratch_shapes=[pltpu.VMEM((), jnp.float32)],
)()
print(float(out[0, 0]))  # [interpret,tpu] expect: 2.0
