# A kernel module that supports both back ends imports both and picks one by
# platform, as many published files do. Rungs models TPUs: the GPU modules
# import, and a GPU name is refused where it is used.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.experimental.pallas import triton as plgpu
from jax.experimental.pallas import mosaic_gpu as plmgpu


def scale_kernel(x_ref, o_ref):
  o_ref[...] = x_ref[...] * 2.0


def scale(x, backend):
  if backend == "gpu":
    params = plgpu.CompilerParams(num_warps=4)  # expect error: NotImplementedError: jax.experimental.pallas.triton.CompilerParams is not supported by Rungs
  else:
    params = pltpu.CompilerParams()
  return pl.pallas_call(scale_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
                        compiler_params=params)(x)


print(scale(jnp.ones((8, 128)), "tpu")[0, :3])  # expect: [2. 2. 2.]
print(plmgpu.__name__)  # expect: jax.experimental.pallas.mosaic_gpu
scale(jnp.ones((8, 128)), "gpu")
