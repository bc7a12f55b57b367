# A file that imports the SparseCore extensions beside pltpu runs its
# TensorCore kernels; its SparseCore mesh stops where JAX stops on each
# platform: the CPU host has no TPU info at all, and the modelled TPU v5e
# has no SparseCore.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.experimental.pallas import tpu_sc as plsc


def add_one(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1


out = pl.pallas_call(add_one, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.int32))(jnp.zeros((8, 128), jnp.int32))
print(out[0, :3])  # expect: [1 1 1]
print(plsc.PackFormat.COMPRESSED.name)  # expect: COMPRESSED
mesh = plsc.VectorSubcoreMesh(core_axis_name="core", subcore_axis_name="subcore")  # [interpret,tpu] expect error: ValueError: Unsupported TPU device kind: cpu. If you are not running on a TPU device, you need to wrap your code in a `jax.sharding.use_abstract_mesh` context manager whose `AbstractMesh` argument specifies the exact TPU version you intend to target.  # [chip] expect error: RuntimeError: The current TPU does not have SparseCores
