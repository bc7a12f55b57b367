# emit_pipeline inside pl.kernel over a TensorCore mesh, as the core_map
# guide writes it: with core_axis_name the pipeline's grid is split across
# the mesh's cores along its first PARALLEL dimension the core count
# divides, each core taking a contiguous run of rows; when no parallel
# dimension divides evenly the largest is split with the first cores taking
# one step more. The meshes name their core counts, since the CPU host of
# rungs 1-2 has no TensorCores to count.
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def tag_block(x_vmem, o_vmem):
    # value + 1000 * (the core that ran this block)
    o_vmem[...] = x_vmem[...] + 1000.0 * lax.axis_index("core").astype(jnp.float32)


def split_rows(num_cores, rows):
    mesh = pltpu.create_tensorcore_mesh("core", num_cores=num_cores)

    @pl.kernel(out_type=jax.ShapeDtypeStruct((rows * 8, 256), jnp.float32), mesh=mesh)
    def run(x_hbm, o_hbm):
        spec = pl.BlockSpec((8, 128), lambda i, j: (i, j))
        pltpu.emit_pipeline(
            tag_block,
            grid=(x_hbm.shape[0] // 8, x_hbm.shape[1] // 128),
            in_specs=[spec],
            out_specs=[spec],
            core_axis_name="core",
            dimension_semantics=(pltpu.PARALLEL, pltpu.ARBITRARY),
        )(x_hbm, o_hbm)

    x = jnp.zeros((rows * 8, 256), jnp.float32)
    return (run(x)[::8, ::128] // 1000).astype(jnp.int32)


print(split_rows(1, 4)[:, 0])  # expect: [0 0 0 0]
print(split_rows(2, 4)[:, 0])  # expect: [0 0 1 1]
print(split_rows(2, 5)[:, 0])  # expect: [0 0 0 1 1]
print(split_rows(4, 6).T)  # expect: [[0 0 1 1 2 3]
# expect:  [0 0 1 1 2 3]]


def quarter(x_vmem, o_vmem):
    o_vmem[...] = x_vmem[...] * 0.25


mesh = pltpu.create_tensorcore_mesh("core", num_cores=2)


@pl.kernel(out_type=jax.ShapeDtypeStruct((16, 128), jnp.float32), mesh=mesh)
def no_parallel(x_hbm, o_hbm):
    spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
    pltpu.emit_pipeline(quarter, grid=(2,), in_specs=[spec], out_specs=[spec], core_axis_name="core")(x_hbm, o_hbm)  # expect error: NotImplementedError: Cannot partition over cores without parallel grid dimensions: dimension_semantics=(<GridDimensionSemantics.ARBITRARY: 'arbitrary'>,)


no_parallel(jnp.ones((16, 128)))
