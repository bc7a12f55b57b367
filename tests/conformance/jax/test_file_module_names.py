# Names JAX's pallas_test.py reads at import time and in setUp, each as JAX
# has it: jax._src.checkify is the public checkify, dtypes' default integer
# and float types (x64 off), config states usable as context managers, the
# GPU back ends' modules import (JAX's TPU wheel ships them) with the shared
# memory limit a no-op, jnp's scalar types have __name__, pin/unpin import
# (refused when called), lax.DotAlgorithmPreset's members, and dicts keyed by
# np.dtype find a dtype however it was spelled (jtu's tolerance tables).
import jax
import jax.numpy as jnp
import numpy as np
from jax._src import checkify
from jax._src import config
from jax._src import dtypes
from jax._src import test_util as jtu
import jax.experimental.mosaic.gpu as mgpu
from jax.experimental.pallas import triton as pltriton

print(jnp.int32.__name__, jnp.bfloat16.__name__, [f"{d.__name__}" for d in (jnp.uint32, jnp.float32)])  # expect: int32 bfloat16 ['uint32', 'float32']
print(checkify.check is jax.experimental.checkify.check)  # expect: True
print(dtypes.default_int_dtype(), dtypes.default_float_dtype())  # expect: int32 float32
with config.jax_pallas_use_mosaic_gpu(False), mgpu.core.artificial_shared_memory_limit(99 * 1024):
    print(config.use_simplified_jaxpr_constants.value)  # expect: False
print(jax.lax.DotAlgorithmPreset.BF16_BF16_F32 != jax.lax.DotAlgorithmPreset.DEFAULT)  # expect: True
print(jtu.default_gradient_tolerance[np.dtype(jnp.float32)], {np.dtype("int8"): "i8"}[np.dtype(jnp.int8)])  # expect: 0.002 i8


@jtu.ignore_warning(category=DeprecationWarning, message="old")
def quiet():
    import warnings
    warnings.warn("old api", DeprecationWarning)
    return "quiet"


print(quiet())  # expect: quiet
from jax._src.state.primitives import pin, unpin
print(callable(pin), callable(unpin))  # expect: True True
pltriton.CompilerParams()  # expect error: NotImplementedError: jax.experimental.pallas.triton.CompilerParams is not supported by Rungs
