# pl.kernel over a TensorCoreMesh, as the TPU quickstart writes kernels:
# inputs and outputs stay in HBM (memory space ANY), the body copies what it
# needs into VMEM scratch, and lax.axis_index names the core running it.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

mesh = pltpu.TensorCoreMesh(axis_name="core", num_cores=1)
print(mesh)  # expect: TensorCoreMesh(axis_name='core', num_cores=1)
print(dict(mesh.shape), pltpu.create_tensorcore_mesh("x", num_cores=1).axis_name)  # expect: {'core': 1} x


@pl.kernel(
    out_type=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    mesh=mesh,
    scratch_types=dict(tile=pltpu.VMEM((8, 128), jnp.float32)),
)
def fill_sevens(o_hbm, tile):
    tile[...] = jnp.full_like(tile, 7.0)
    pltpu.sync_copy(tile, o_hbm)


print(fill_sevens()[0, :4])  # expect: [7. 7. 7. 7.]


def double_plus_core(x_hbm, o_hbm, tile):
    pltpu.sync_copy(x_hbm, tile)
    tile[...] = tile[...] * 2.0 + jax.lax.axis_index("core").astype(jnp.float32)
    pltpu.sync_copy(tile, o_hbm)


doubled = pl.kernel(
    double_plus_core,
    out_type=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    mesh=mesh,
    scratch_types=[pltpu.VMEM((8, 128), jnp.float32)],
)
print(doubled(jnp.ones((8, 128), jnp.float32))[7, 125:])  # expect: [2. 2. 2.]
pl.kernel(double_plus_core, out_type=(), mesh=[mesh])  # expect error: ValueError: mesh cannot be a sequence when body is a single callable.
pltpu.create_tensorcore_mesh("x", devices=jax.devices(), num_cores=1)  # expect error: ValueError: cannot specify both devices and num_cores
