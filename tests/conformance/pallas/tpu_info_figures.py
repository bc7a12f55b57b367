# pltpu.get_tpu_info(), as kernels size their blocks from it: rung 3 gives
# the modelled chip's per-TensorCore figures (v5e by default); on the CPU
# host of rungs 1-2 JAX refuses the device kind.
from jax.experimental.pallas import tpu as pltpu

info = pltpu.get_tpu_info()  # [interpret,tpu] expect error: ValueError: Unsupported TPU device kind: cpu. If you are not running on a TPU device, ...
print(info.chip_version, info.num_cores, info.num_sublanes, info.num_lanes)  # [chip] expect: v5e 1 8 128
print(info.vmem_capacity_bytes // (1024 * 1024), info.smem_capacity_bytes // 1024)  # [chip] expect: 128 1024
