# How many devices a program sees: jax_num_cpu_devices on the CPU host (the
# interpret rungs), set before anything asks; XLA_FLAGS works the same way;
# the chip rung's TPU host has the modelled slice's chips (--devices).
import os
os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=2"
import jax
print(jax.device_count())  # [interpret,tpu] expect: 2  # [chip] expect: 1
try:
    jax.config.update("jax_num_cpu_devices", 8)
except RuntimeError as e:
    print(str(e).split(" i.e.")[0])  # expect: jax_num_cpu_devices config should be updated before backends are initialized
print(jax.devices()[-1])  # [interpret,tpu] expect: CpuDevice(id=1)  # [chip] expect: TpuDevice(id=0, process_index=0, coords=(0, 0, 0), core_on_chip=0)
mesh = jax.make_mesh((1,), ("x",))
print(mesh, len(mesh.devices))  # expect: Mesh('x': 1, axis_types=(Explicit,)) 1
