# pltpu.get_tpu_info_for_chip(version, cores): JAX's per-TensorCore table
# for any chip, on every rung (it needs no device), as tools size blocks for
# a chip they are not running on; get_tpu_info() on the chip rung is the
# same table's row for the modelled chip. Lite and non-megacore chips refuse
# two cores per logical device with JAX's text.
from jax.experimental.pallas import tpu as pltpu

v5p_mega = pltpu.get_tpu_info_for_chip(pltpu.ChipVersion.TPU_V5P, 2)
v5p_split = pltpu.get_tpu_info_for_chip(pltpu.ChipVersion.TPU_V5P, 1)
print(v5p_mega.is_megacore, v5p_split.is_split_chip, v5p_mega.hbm_capacity_bytes)  # expect: True True 51500000000
print(v5p_mega.sparse_core.num_cores, v5p_mega.sparse_core.vmem_capacity_bytes)  # expect: 4 524288
v6e = pltpu.get_tpu_info_for_chip(pltpu.ChipVersion.TPU_V6E, 1)
print(v6e.mxu_column_size, v6e.generation, v6e.is_lite, v6e.fp8_ops_per_second)  # expect: 256 6 True 920000000000000
print(pltpu.ChipVersion.TPU_7X.num_physical_tensor_cores_per_chip, pltpu.ChipVersion.TPU_V4.supports_megacore)  # expect: 2 True
tpu8t = pltpu.get_tpu_info_for_chip(pltpu.ChipVersion.TPU_8T, 1)
print(tpu8t.get_sublane_tiling("float32"), tpu8t.get_sublane_tiling("bfloat16"))  # expect: 16 32
print(v5p_split == pltpu.get_tpu_info_for_chip(pltpu.ChipVersion.TPU_V5P, 1))  # expect: True
if pltpu.is_tpu_device():
    info = pltpu.get_tpu_info()
    print(info == pltpu.get_tpu_info_for_chip(info.chip_version, info.num_cores))  # [chip] expect: True
pltpu.get_tpu_info_for_chip(pltpu.ChipVersion.TPU_V5E, 2)  # expect error: ValueError: Lite chips, single core chips, and dual-core chips that do not support Megacore must have num_tensor_cores_per_logical_device=1, but got 2.
