# An emit_pipeline operand whose spec asks for HBM (as tokamax's
# cross-entropy backward does for its gradient outputs) is never buffered:
# the body gets the operand itself and copies into it by hand. Each step
# here copies its input block over rows 0-7, so the last block stays.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def outer_kernel(x_hbm, o_hbm):
    def step(x_ref, o_ref):
        print(o_ref.shape)  # expect: (32, 128)
        pltpu.sync_copy(x_ref, o_ref.at[pl.ds(0, 8)])

    pltpu.emit_pipeline(
        step,
        grid=(4,),
        in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0))],
        out_specs=[pl.BlockSpec(memory_space=pltpu.HBM)],
    )(x_hbm, o_hbm)

x = jnp.arange(32 * 128, dtype=jnp.float32).reshape(32, 128)
out = pl.pallas_call(
    outer_kernel,
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
    out_specs=pl.BlockSpec(memory_space=pl.ANY),
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    interpret=pltpu.InterpretParams(),
)(x)
print(bool(jnp.array_equal(out[:8], x[24:])))  # expect: True
