# Blocks whose extent is only known at run time. A pl.BoundedSlice(8)
# block dimension takes its rows from a pl.ds the index map returns (here
# from a table prefetched into SMEM, as the TPU pipelining guide does): the
# body always sees the whole 8-row window, and only the slice's rows move.
# An array dimension its block does not divide ends in a partial block cut
# to the rows the array has.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

hbm = pl.BlockSpec(memory_space=pl.ANY)


def ragged_kernel(x_hbm, bounds_hbm, o_hbm, bounds_smem):
    pltpu.sync_copy(bounds_hbm, bounds_smem)

    def body(x_vmem, o_vmem):
        o_vmem[...] = x_vmem[...] + 100.0 * pl.program_id(0).astype(jnp.float32)

    def rows_of(i):
        lo, hi = bounds_smem[i, 0], bounds_smem[i, 1]
        return (pl.ds(lo, hi - lo), 0)

    spec = pl.BlockSpec((pl.BoundedSlice(8), 128), rows_of)
    pltpu.emit_pipeline(body, grid=(bounds_hbm.shape[0],), in_specs=[spec], out_specs=spec)(x_hbm, o_hbm)


x = jnp.arange(16 * 128, dtype=jnp.float32).reshape(16, 128)
bounds = jnp.array([[0, 3], [3, 4], [4, 10], [10, 16]], dtype=jnp.int32)
out = pl.pallas_call(
    ragged_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    in_specs=[hbm, hbm],
    out_specs=hbm,
    scratch_shapes=[pltpu.SMEM(bounds.shape, jnp.int32)],
)(x, bounds)
print((out[:, 0] - x[:, 0]).astype(jnp.int32))  # expect: [  0   0   0 100 200 200 200 200 200 200 300 300 300 300 300 300]


def fixed_kernel(x_hbm, o_hbm):
    def body(x_vmem, o_vmem):
        o_vmem[...] = x_vmem[...] * 3.0

    spec = pl.BlockSpec((pl.BoundedSlice(8), 128), lambda i: (pl.ds(i * 4, 4), 0))
    pltpu.emit_pipeline(body, grid=(4,), in_specs=[spec], out_specs=spec)(x_hbm, o_hbm)


fixed = pl.pallas_call(fixed_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
                       in_specs=[hbm], out_specs=hbm)(x)
print(bool(jnp.array_equal(fixed, x * 3.0)))  # expect: True


def partial_kernel(x_hbm, o_hbm):
    def body(x_vmem, o_vmem):
        o_vmem[...] = x_vmem[...] - 1.0

    spec = pl.BlockSpec((16, 128), lambda i, j: (i, j))
    pltpu.emit_pipeline(body, grid=(pl.cdiv(x_hbm.shape[0], 16), 2), in_specs=[spec], out_specs=[spec])(x_hbm, o_hbm)


y = jnp.arange(40 * 256, dtype=jnp.float32).reshape(40, 256)
part = pl.pallas_call(partial_kernel, out_shape=jax.ShapeDtypeStruct(y.shape, y.dtype),
                      in_specs=[hbm], out_specs=hbm)(y)
print(bool(jnp.array_equal(part, y - 1.0)), part[39, 255])  # expect: True 10238.0
