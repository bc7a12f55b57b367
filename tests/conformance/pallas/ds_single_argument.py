# pl.ds mirrors the builtin slice: pl.ds(n) is :n, pl.ds(None) is :, and
# pl.ds(i, n) is i:i+n. A kernel copies the first rows of a block with the
# one-argument form, into a window of its output and through a DMA.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

print(pl.ds(8), pl.ds(None))  # expect: Slice(start=0, size=8, stride=1) slice(None, None, None)
print(pl.ds(2, 4) == pl.ds(2, 4), pl.ds(None, 3))  # expect: True Slice(start=0, size=3, stride=1)


def head_rows(x_hbm, o_ref):
    def body(buf, sem):
        pltpu.async_copy(x_hbm.at[pl.ds(8), :], buf, sem).wait()
        o_ref[...] = jnp.zeros_like(o_ref)
        o_ref[pl.ds(8), pl.ds(None)] = buf[...] * 2.0

    pl.run_scoped(body, pltpu.VMEM((8, 128), jnp.float32), pltpu.SemaphoreType.DMA)


x = jnp.arange(16 * 128, dtype=jnp.float32).reshape(16, 128)
out = pl.pallas_call(
    head_rows,
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
    out_shape=jax.ShapeDtypeStruct((16, 128), jnp.float32),
)(x)
print(bool(jnp.array_equal(out[:8], x[:8] * 2.0)), float(out[8:].sum()))  # expect: True 0.0
