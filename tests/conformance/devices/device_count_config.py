# rungs-args: --devices 4
# jax_num_cpu_devices set first thing: the CPU host has that many devices;
# the TPU host (chip rung) keeps the slice of --devices. TPU chips sit in a
# 2-wide grid, as small slices do.
import jax
jax.config.update("jax_num_cpu_devices", 8)
print(jax.device_count())  # [interpret,tpu] expect: 8  # [chip] expect: 4
print([d.id for d in jax.devices()][-2:])  # [interpret,tpu] expect: [6, 7]  # [chip] expect: [2, 3]
print(jax.devices()[3])  # [interpret,tpu] expect: CpuDevice(id=3)  # [chip] expect: TpuDevice(id=3, process_index=0, coords=(1, 1, 0), core_on_chip=0)
jax.config.update("jax_num_cpu_devices", 8)  # the same value again is fine
try:
    jax.make_mesh((16,), ("x",))
except ValueError as e:
    print(e)
# [interpret,tpu] expect: Number of devices 8 must be >= the product of mesh_shape (16,)
# [chip] expect: Number of devices 4 must be >= the product of mesh_shape (16,)
