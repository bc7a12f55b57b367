# jax.devices() reports the platform each rung models: the CPU host for the
# interpret modes (as JAX on a CPU machine), the modelled TPU on the chip
# rung; jax.sharding's names on one device (more need --devices or
# jax_num_cpu_devices, see devices_count.py); ShapeDtypeStruct.like.
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

dev = jax.devices()[0]
print(dev)  # [interpret,tpu] expect: CpuDevice(id=0)  # [chip] expect: TpuDevice(id=0, process_index=0, coords=(0, 0, 0), core_on_chip=0)
print(dev.platform, dev.device_kind, jax.default_backend())  # [interpret,tpu] expect: cpu cpu cpu  # [chip] expect: tpu TPU v5 lite tpu
print(jax.device_count(), jax.local_device_count(), jax.process_index(), "TPU" in dev.device_kind)  # [interpret,tpu] expect: 1 1 0 False  # [chip] expect: 1 1 0 True
mesh = jax.make_mesh((1,), ("x",))
print(mesh.axis_names, mesh.shape["x"], P("x", None))  # expect: ('x',) 1 P('x', None)
print(NamedSharding(mesh, P("x")).spec)  # expect: P('x',)
x = jnp.zeros((4, 8), jnp.bfloat16)
spec = jax.ShapeDtypeStruct.like(x)
print(spec, spec.ndim, spec.size, isinstance(spec, jax.ShapeDtypeStruct))  # expect: ShapeDtypeStruct(shape=(4, 8), dtype=bfloat16) 2 32 True
print(jax.ShapeDtypeStruct.like(spec) == spec)  # expect: True
jax.make_mesh((2,), ("x",))  # expect error: ValueError: Number of devices 1 must be >= the product of mesh_shape (2,)
