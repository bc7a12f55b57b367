# An emit_pipeline operand whose BlockSpec gives only a memory space (no
# block shape), as tokamax's cross-entropy accumulates its loss in SMEM:
# pipeline.py treats it as trivial windowing, so every step sees the whole
# operand through one SMEM buffer, written back at the end.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def outer_kernel(x_hbm, loss_hbm):
    def step(x_ref, loss_ref):
        @pl.when(pl.program_id(0) == 0)
        def _():
            loss_ref[0] = 0.0
        loss_ref[0] += jnp.sum(x_ref[...])

    pltpu.emit_pipeline(
        step,
        grid=(4,),
        in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0))],
        out_specs=[pl.BlockSpec(memory_space=pltpu.SMEM)],
    )(x_hbm, loss_hbm)

x = jnp.ones((32, 128), jnp.float32)
loss = pl.pallas_call(
    outer_kernel,
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
    out_specs=pl.BlockSpec(memory_space=pl.ANY),
    out_shape=jax.ShapeDtypeStruct((1,), jnp.float32),
    interpret=pltpu.InterpretParams(),
)(x)
print(loss)  # expect: [4096.]
