# SEMANTICS T51: in generic mode a DMA copies at once and its semaphore
# counts elements (1024 for an (8, 128) copy), then wait subtracts them.
# TPU interpret mode has no rule for semaphore_read (SEMANTICS 4.5). The chip
# refuses the scalar store into the VMEM output (SEMANTICS 5.2).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(x_hbm, o_ref, sem_out, sems):
    o_ref[...] = jnp.zeros_like(o_ref)
    copy = pltpu.make_async_copy(x_hbm.at[pl.ds(0, 8)], o_ref.at[pl.ds(0, 8)], sems.at[0])
    copy.start()
    sem_out[0, 0] = pl.semaphore_read(sems.at[0])  # [tpu] expect error: NotImplementedError: pl.semaphore_read is not supported in TPU interpret mode (JAX's TPU interpreter has no rule for semaphore_read_p); interpret=True can read a semaphore's count  # [chip] expect error: ValueError: Cannot store scalars to VMEM
    copy.wait()
    sem_out[1, 0] = pl.semaphore_read(sems.at[0])

x = jnp.arange(16 * 128, dtype=jnp.int32).reshape(16, 128)
o, s = pl.pallas_call(
    kernel,
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
    out_shape=(jax.ShapeDtypeStruct((16, 128), jnp.int32), jax.ShapeDtypeStruct((2, 1), jnp.int32)),
    scratch_shapes=[pltpu.SemaphoreType.DMA((2,))],
    interpret=True,
)(x)
print(bool(jnp.array_equal(o[:8], x[:8])), int(o[8:].max()))  # [interpret] expect: True 0
print(s[:, 0])  # [interpret] expect: [1024    0]
