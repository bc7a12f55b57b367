# error_handling.MosaicError, the class JAX's TPU tests expect Mosaic's
# compile errors as: importable on every rung, an Exception (not a
# JaxRuntimeError), and what the chip model raises for a kernel Mosaic
# refuses, so `except MosaicError` catches it there.
import jax
import jax.numpy as jnp
from jax._src.pallas.mosaic import error_handling
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

print(issubclass(error_handling.MosaicError, Exception))  # expect: True
print(issubclass(error_handling.MosaicError, jax.errors.JaxRuntimeError))  # expect: False


def bump_kernel(x_ref, o_ref):
    o_ref[0] = x_ref[0] * 2


x = jnp.array([21], dtype=jnp.uint8)
try:
    out = pl.pallas_call(
        bump_kernel,
        in_specs=[pl.BlockSpec(memory_space=pltpu.SMEM)],
        out_specs=pl.BlockSpec(memory_space=pltpu.SMEM),
        out_shape=jax.ShapeDtypeStruct((1,), jnp.uint8),
    )(x)
    print("computed", out)  # [interpret,tpu] expect: computed [42]
except error_handling.MosaicError as e:
    print(str(e).split(": ", 2)[2])  # [chip] expect: Not implemented: Only i32 arith.muli is supported
