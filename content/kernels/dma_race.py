# A DMA race: the kernel reads the destination before waiting, so it may see old data.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def racy_kernel(x_hbm, o_ref, buf, sem):
    copy = pltpu.make_async_copy(x_hbm, buf, sem)
    copy.start()
    o_ref[...] = buf[...] + 1.0  # too early: the copy may not have landed
    copy.wait()


x = jnp.zeros((8, 128), jnp.float32)
y = pl.pallas_call(
    racy_kernel,
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
    scratch_shapes=[pltpu.VMEM((8, 128), jnp.float32), pltpu.SemaphoreType.DMA],
    interpret=pltpu.InterpretParams(detect_races=True),
)(x)
# Rung 1 copies at start(), so this prints 1.0. Rung 2 moves the data on wait(): the read
# sees the scratch's uninitialised NaN, and detect_races reports the pair.
print(y[0, 0])
