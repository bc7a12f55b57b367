# TpuInfo.chip_version is a pltpu.ChipVersion member, as in JAX, so kernels
# and JAX's own tpu_info_test.py can compare it with the enum's members
# (ChipVersion lists every version JAX's does, 7 and 8i/8t included).
from jax.experimental.pallas import tpu as pltpu

print([v.value for v in pltpu.ChipVersion])  # expect: ['v2', 'v3', 'v4i', 'v4', 'v5e', 'v5p', 'v6e', '7', '7x', '8i', '8t']
info = pltpu.get_tpu_info()  # [interpret,tpu] expect error: ValueError: Unsupported TPU device kind: cpu. If you are not running on a TPU device, ...
print(info.chip_version == pltpu.ChipVersion.TPU_V5E, info.chip_version is pltpu.ChipVersion.TPU_V5E)  # [chip] expect: True True
lite = info.chip_version in {pltpu.ChipVersion.TPU_V4I, pltpu.ChipVersion.TPU_V5E, pltpu.ChipVersion.TPU_V6E}
print(lite, info.is_lite, str(info.chip_version), repr(info.chip_version))  # [chip] expect: True True v5e <ChipVersion.TPU_V5E: 'v5e'>
