# pltpu.emit_pipeline's argument checks, with JAX's texts (JAX 0.9's
# pipeline.py). They fire while the kernel is traced, before any block
# moves, so every rung agrees.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

hbm = pl.BlockSpec(memory_space=pl.ANY)
spec = pl.BlockSpec((8, 128), lambda i: (i, 0))


def copy(x_vmem, o_vmem):
    o_vmem[...] = x_vmem[...]


def call(make_pipeline):
    def kernel(x_hbm, o_hbm):
        make_pipeline()(x_hbm, o_hbm)

    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((16, 128), jnp.float32),
                          in_specs=[hbm], out_specs=hbm)(jnp.ones((16, 128), jnp.float32))


def attempt(make_pipeline):
    try:
        call(make_pipeline)
        print("ran")
    except (ValueError, NotImplementedError, IndexError) as e:
        print(type(e).__name__ + ":", e)


attempt(lambda: pltpu.emit_pipeline(copy, grid=(2.0,), in_specs=[spec], out_specs=[spec]))
# expect: ValueError: Grid must consist of Python integers and JAX Arrays: (<class 'float'>,)
attempt(lambda: pltpu.emit_pipeline(copy, grid=(2,), in_specs=[spec], out_specs=[spec], core_axis=0, core_axis_name="x"))
# expect: ValueError: core_axis and core_axis_name cannot both be provided.
attempt(lambda: pltpu.emit_pipeline(copy, grid=(2,), in_specs=[spec], out_specs=[spec], should_accumulate_out=[True]))
# expect: ValueError: Cannot broadcast tree [True] to full tree structure PyTreeDef((*,)).
# No block shape is not an error: pipeline.py treats it as trivial
# windowing, so the body sees the whole (16, 128) operand at every step.
def first_rows(x_vmem, o_vmem):
    o_vmem[...] = x_vmem[0:8, :]


attempt(lambda: pltpu.emit_pipeline(first_rows, grid=(2,), in_specs=[pl.BlockSpec(index_map=lambda i: (i, 0))],
                                    out_specs=[spec]))
# expect: ran
attempt(lambda: pltpu.emit_pipeline(copy, grid=(2,), in_specs=[pl.BlockSpec((pl.BoundedSlice(8), 128), lambda i: (i, 0))], out_specs=[spec]))
# expect: ValueError: Must return a pl.ds from the index_map for a BoundedSlice dimension.
attempt(lambda: pltpu.emit_pipeline(copy, grid=(2,), in_specs=[spec], out_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0), pipeline_mode=pl.Buffered(3))]))
# expect: NotImplementedError: Buffer count >2 not supported for output buffered refs.
attempt(lambda: pltpu.emit_pipeline(copy, grid=(2,), in_specs=[spec], out_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0), memory_space=pl.ANY)]))
# expect: ValueError: Unsupported buffer memory space: any


def peek_axis(x_vmem, o_vmem):
    o_vmem[...] = x_vmem[...] + pl.program_id(1).astype(jnp.float32)


attempt(lambda: pltpu.emit_pipeline(peek_axis, grid=(2,), in_specs=[spec], out_specs=[spec]))
# expect: IndexError: list index out of range

# A partial last block is cut to the array; its block size must still be a
# multiple of the (8, 128) tile along the dimension it does not divide.
attempt(lambda: pltpu.emit_pipeline(copy, grid=(2,), in_specs=[pl.BlockSpec((12, 128), lambda i: (i, 0))], out_specs=[spec]))
# expect: ValueError: Block size must divide tiling: block_size=12, tiling=8

# get_dma_slice zips the index map's outputs, the block shape and the
# operand's shape with strict=True: CPython's texts for a mismatch.
attempt(lambda: pltpu.emit_pipeline(copy, grid=(2,), in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0, 0))], out_specs=[spec]))
# expect: ValueError: zip() argument 2 is shorter than argument 1
attempt(lambda: pltpu.emit_pipeline(copy, grid=(2,), in_specs=[pl.BlockSpec((None, 8, 128), lambda i: (i, 0, 0))], out_specs=[spec]))
# expect: ValueError: zip() argument 3 is shorter than arguments 1-2

# JAX's no_pipelining debug mode has no accumulators; Rungs does not model
# caller-made allocations or prefetch/postyeet callbacks.
attempt(lambda: pltpu.emit_pipeline(copy, grid=(2,), in_specs=[spec], out_specs=[spec], no_pipelining=True,
                                    should_accumulate_out=True))
# expect: NotImplementedError: Accumulators not supported
attempt(lambda: lambda x, o: pltpu.emit_pipeline(copy, grid=(2,), in_specs=[spec], out_specs=[spec])(x, o, prefetch=print))
# expect: NotImplementedError: emit_pipeline's `prefetch` argument is not modelled by Rungs (custom prefetch/postyeet schedules and caller-made allocations are not simulated)

call(lambda: pltpu.emit_pipeline(copy, grid=(2,), in_specs=[spec], out_specs=[spec], core_axis_name="cores"))  # expect error: NameError: unbound axis name: cores
