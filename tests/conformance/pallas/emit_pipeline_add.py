# pltpu.emit_pipeline inside a pallas_call whose operands stay in HBM
# (memory space ANY): the pipeline walks a 2-D grid of (8, 128) blocks,
# copying each into a VMEM window before the body runs and the output
# window back after. Inside the body pl.program_id / pl.num_programs name
# the pipeline's grid, not the kernel's.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

ROWS, COLS = 32, 384


def add_block(a_vmem, b_vmem, sum_vmem, tag_vmem):
    sum_vmem[...] = a_vmem[...] + b_vmem[...]
    # which grid step wrote this block: row * num_cols + col
    step = pl.program_id(0) * pl.num_programs(1) + pl.program_id(1)
    tag_vmem[...] = jnp.full(tag_vmem.shape, step, jnp.int32)


def add_kernel(a_hbm, b_hbm, sum_hbm, tag_hbm):
    block = pl.BlockSpec((8, 128), lambda i, j: (i, j))
    pipeline = pltpu.emit_pipeline(
        add_block,
        grid=(ROWS // 8, COLS // 128),
        in_specs=[block, block],
        out_specs=[block, block],
    )
    pipeline(a_hbm, b_hbm, sum_hbm, tag_hbm)


def add(a, b):
    hbm = pl.BlockSpec(memory_space=pl.ANY)
    return pl.pallas_call(
        add_kernel,
        out_shape=(jax.ShapeDtypeStruct(a.shape, a.dtype), jax.ShapeDtypeStruct(a.shape, jnp.int32)),
        in_specs=[hbm, hbm],
        out_specs=(hbm, hbm),
    )(a, b)


a = jnp.arange(ROWS * COLS, dtype=jnp.float32).reshape(ROWS, COLS)
b = jnp.full((ROWS, COLS), 0.5, jnp.float32)
total, tags = add(a, b)
print(bool(jnp.array_equal(total, a + b)))  # expect: True
print(total[0, :4], total[31, 383])  # expect: [0.5 1.5 2.5 3.5] 12287.5
print(tags[::8, ::128])
# expect: [[ 0  1  2]
# expect:  [ 3  4  5]
# expect:  [ 6  7  8]
# expect:  [ 9 10 11]]

# The pipeline's grid may be smaller than the operand: blocks it never
# selects are never copied. Here the grid covers the first two block rows.
def half_kernel(a_hbm, o_hbm):
    def body(a_vmem, o_vmem):
        o_vmem[...] = a_vmem[...] * 2.0

    spec = pl.BlockSpec((8, COLS), lambda i: (i, 0))
    pltpu.emit_pipeline(body, grid=(2,), in_specs=spec, out_specs=spec)(a_hbm, o_hbm)


half = pl.pallas_call(
    half_kernel,
    out_shape=jax.ShapeDtypeStruct(a.shape, a.dtype),
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
    out_specs=pl.BlockSpec(memory_space=pl.ANY),
)(a)
print(bool(jnp.array_equal(half[:16], a[:16] * 2.0)))  # expect: True


# no_pipelining=True (JAX's debugging mode: every block copied in and out
# at every step) gives the same values.
def sync_kernel(a_hbm, b_hbm, sum_hbm, tag_hbm):
    block = pl.BlockSpec((8, 128), lambda i, j: (i, j))
    pltpu.emit_pipeline(add_block, grid=(ROWS // 8, COLS // 128), in_specs=[block, block],
                        out_specs=[block, block], no_pipelining=True)(a_hbm, b_hbm, sum_hbm, tag_hbm)


hbm = pl.BlockSpec(memory_space=pl.ANY)
total2, tags2 = pl.pallas_call(
    sync_kernel,
    out_shape=(jax.ShapeDtypeStruct(a.shape, a.dtype), jax.ShapeDtypeStruct(a.shape, jnp.int32)),
    in_specs=[hbm, hbm],
    out_specs=(hbm, hbm),
)(a, b)
print(bool(jnp.array_equal(total2, total)), bool(jnp.array_equal(tags2, tags)))  # expect: True True
