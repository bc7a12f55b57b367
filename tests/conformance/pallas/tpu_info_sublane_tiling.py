# TpuInfo's methods kernels size their blocks with (tokamax's kernels ask
# get_sublane_tiling for the second-minor block multiple): the modelled
# v5e keeps 8 sublanes for 16- and 32-bit types and tiles narrower ones
# larger; rungs 1-2 run on the CPU host, where get_tpu_info refuses.
import jax.numpy as jnp
from jax.experimental.pallas import tpu as pltpu

info = pltpu.get_tpu_info()  # [interpret,tpu] expect error: ValueError: Unsupported TPU device kind: cpu. If you are not running on a TPU device, ...
print(info.get_sublane_tiling(jnp.float32), info.get_sublane_tiling(jnp.bfloat16))  # [chip] expect: 8 8
print(info.get_sublane_tiling(jnp.int8), info.get_sublane_tiling(jnp.dtype("int8")))  # [chip] expect: 32 32
print(info.is_lite, info.is_megacore, info.is_split_chip)  # [chip] expect: True False False
print(info.is_matmul_supported(jnp.bfloat16, jnp.bfloat16), info.is_matmul_supported(jnp.int8, jnp.bfloat16))  # [chip] expect: True False
rows = 8 * info.get_sublane_tiling(jnp.bfloat16)
print(rows)  # [chip] expect: 64
