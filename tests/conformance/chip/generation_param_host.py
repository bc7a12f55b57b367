# rungs-args: --params {"generation":"v5p"}
# The run's generation override models every kernel on that chip, and the
# TPU host the chip rung stands on is that chip too: jax.devices() and
# pltpu.get_tpu_info() report a v5p (megacore: two TensorCores per device).
import jax
from jax.experimental.pallas import tpu as pltpu

print(jax.devices()[0].device_kind)  # [interpret,tpu] expect: cpu  # [chip] expect: TPU v5
if jax.default_backend() == "tpu":
    info = pltpu.get_tpu_info()
    print(info.vmem_capacity_bytes // 2**20, info.num_cores)  # [chip] expect: 64 2
