# Double-buffered manual DMA: fetch chunk i+1 into one VMEM slot while computing on the other.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

CHUNKS = 4


def double_buffer_kernel(x_hbm, o_ref, buf, sems):
    def fetch(i, slot):
        return pltpu.make_async_copy(x_hbm.at[pl.ds(i * 8, 8)], buf.at[slot], sems.at[slot])

    fetch(0, 0).start()
    for i in range(CHUNKS):
        slot = i % 2
        if i + 1 < CHUNKS:
            fetch(i + 1, 1 - slot).start()  # the next chunk flies while we work
        fetch(i, slot).wait()               # wait before touching this slot
        o_ref[pl.ds(i * 8, 8), :] = buf[slot] * 2.0


x = jnp.arange(CHUNKS * 8 * 128, dtype=jnp.float32).reshape(CHUNKS * 8, 128)
y = pl.pallas_call(
    double_buffer_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
    scratch_shapes=[pltpu.VMEM((2, 8, 128), jnp.float32), pltpu.SemaphoreType.DMA((2,))],
    interpret=pltpu.InterpretParams(detect_races=True),
)(x)
print(bool(jnp.array_equal(y, 2 * x)))
