# jax.Array.devices() / .device / .sharding on one device: the device of the
# platform the rung models (the CPU host under JAX's interpreters, a TPU chip
# on the chip rung), as a set, as the device itself, and in a
# SingleDeviceSharding whose device_set holds it.
import jax
import jax.numpy as jnp

x = jnp.ones((2, 3))
print(x.devices())  # [interpret,tpu] expect: {CpuDevice(id=0)}  # [chip] expect: {TpuDevice(id=0, process_index=0, coords=(0, 0, 0), core_on_chip=0)}
print(x.device == jax.devices()[0])  # expect: True
print(x.sharding)  # [interpret,tpu] expect: SingleDeviceSharding(device=CpuDevice(id=0))  # [chip] expect: SingleDeviceSharding(device=TpuDevice(id=0, process_index=0, coords=(0, 0, 0), core_on_chip=0))
print(list(x.sharding.device_set) == list(x.devices()), len(x.sharding.device_set))  # expect: True 1
print(x.is_fully_addressable, x.is_fully_replicated, x.sharding.is_fully_replicated)  # expect: True True True
print(x.device.platform)  # [interpret,tpu] expect: cpu  # [chip] expect: tpu
