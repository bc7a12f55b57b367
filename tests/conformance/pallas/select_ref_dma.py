# pl.select_ref picks a DMA source (and its semaphore) by an index known only
# at run time: a gather of row blocks from three HBM arrays in the order an
# SMEM table gives. Views (.at) apply under the selection; an index
# past the end takes the last ref, as Mosaic's nested ifs do.
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


@functools.partial(
    pl.pallas_call,
    in_specs=[pl.BlockSpec(memory_space=pltpu.SMEM)] + [pl.BlockSpec(memory_space=pltpu.HBM)] * 3,
    out_specs=pl.BlockSpec(memory_space=pltpu.HBM),
    out_shape=jax.ShapeDtypeStruct((32, 128), jnp.float32),
)
def gather_blocks(order_ref, a_hbm, b_hbm, c_hbm, out_hbm):
    def body(sems):
        @pl.loop(0, 4)
        def _(step):
            which = order_ref[step]
            src = pl.select_ref(which, a_hbm, b_hbm.at[pl.ds(8, 8)], c_hbm.at[:, pl.ds(64, 64)])
            sem = pl.select_ref(step % 2, sems.at[0], sems.at[1])
            pltpu.async_copy(src, out_hbm.at[pl.ds(8 * step, 8), pl.ds(0, 64)], sem).wait()
            out_hbm_half = out_hbm.at[pl.ds(8 * step, 8), pl.ds(64, 64)]
            pltpu.sync_copy(a_hbm, out_hbm_half)

    pl.run_scoped(body, pltpu.SemaphoreType.DMA((2,)))


a = np.full((8, 64), 1.0, np.float32)
b = np.arange(16 * 64, dtype=np.float32).reshape(16, 64)
c = -np.arange(8 * 128, dtype=np.float32).reshape(8, 128)
order = jnp.array([2, 0, 1, 7], jnp.int32)
out = np.asarray(gather_blocks(order, a, b, c))
c_rows = c[:, 64:]
print(bool(np.array_equal(out[:8, :64], c_rows)), bool(np.array_equal(out[8:16, :64], a)))  # expect: True True
print(bool(np.array_equal(out[16:24, :64], b[8:])), bool(np.array_equal(out[24:, :64], c_rows)))  # expect: True True
print(float(out[:, 64:].sum()))  # expect: 2048.0
pl.select_ref(0, a)  # expect error: ValueError: At least two refs are required for pl.select_ref.
