# Reductions with pltpu.emit_pipeline. With should_accumulate_out=True (JAX
# 0.9's API) an output block is added to what its HBM operand held when the
# pipeline leaves the block: the body writes a partial result and the
# pipeline does the `+=`. init_accumulators=True starts from zero instead.
# The distributed guide's alternative keeps the sum in the output window,
# zeroing it at the first step of each block (pl.program_id of the
# pipeline's own grid).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

x = (jnp.arange(64 * 128, dtype=jnp.float32).reshape(64, 128) % 7.0)
hbm = pl.BlockSpec(memory_space=pl.ANY)


def copy_block(x_vmem, acc_vmem):
    acc_vmem[...] = x_vmem[...]


def row_sum_kernel(x_hbm, start_hbm, acc_hbm):
    # acc_hbm aliases start_hbm: the reduction adds onto the starting value
    # (8 row blocks of x fold into one (8, 128) block).
    del start_hbm
    pltpu.emit_pipeline(
        copy_block,
        grid=(8,),
        in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0))],
        out_specs=pl.BlockSpec((8, 128), lambda i: (0, 0)),
        should_accumulate_out=True,
    )(x_hbm, acc_hbm)


def row_sum(x, start):
    return pl.pallas_call(
        row_sum_kernel,
        out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
        in_specs=[hbm, hbm],
        out_specs=hbm,
        input_output_aliases={1: 0},
    )(x, start)


# Every step of one block visit overwrites the window, so only the last
# block (rows 56..63) is added to the starting value: JAX accumulates once
# per visit, when the pipeline leaves the block.
start = jnp.full((8, 128), 100.0, jnp.float32)
once = row_sum(x, start)
print(bool(jnp.array_equal(once, start + x[56:64])))  # expect: True


def stripe_sum_kernel(x_hbm, acc_hbm):
    # Each step's block is its own output block: every block is visited
    # once and gets x added, from zero (init_accumulators=True).
    spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
    pipeline = pltpu.emit_pipeline(copy_block, grid=(8,), in_specs=[spec], out_specs=[spec],
                                   should_accumulate_out=(True,))
    pipeline(x_hbm, acc_hbm, init_accumulators=True)
    # a second invocation adds x again onto what the first wrote
    pipeline(x_hbm, acc_hbm)


twice = pl.pallas_call(stripe_sum_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
                       in_specs=[hbm], out_specs=hbm)(x)
print(bool(jnp.array_equal(twice, 2.0 * x)), twice[0, :7])  # expect: True [ 0.  2.  4.  6.  8. 10. 12.]


def window_sum(x_vmem, acc_vmem):
    @pl.when(pl.program_id(1) == 0)
    def _():
        acc_vmem[...] = jnp.zeros_like(acc_vmem)

    acc_vmem[...] += x_vmem[...]


def column_block_sum_kernel(x_hbm, o_hbm):
    # grid (row block i of the output, k over the 4 inputs rows folded in):
    # the output block stays in its window while k runs, then goes back.
    pltpu.emit_pipeline(
        window_sum,
        grid=(2, 4),
        in_specs=[pl.BlockSpec((8, 128), lambda i, k: (4 * i + k, 0))],
        out_specs=pl.BlockSpec((8, 128), lambda i, k: (i, 0)),
    )(x_hbm, o_hbm)


sums = pl.pallas_call(column_block_sum_kernel, out_shape=jax.ShapeDtypeStruct((16, 128), jnp.float32),
                      in_specs=[hbm], out_specs=hbm)(x)
expected = x.reshape(2, 4, 8, 128).sum(axis=1).reshape(16, 128)
print(bool(jnp.array_equal(sums, expected)), sums[0, :3], sums[8, :3])  # expect: True [12.  9. 13.] [ 9. 13. 10.]
