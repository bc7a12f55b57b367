# Kernel modules pick accumulator dtypes from the scalar types themselves
# (`jnp.float32.dtype`) and import copy helpers from JAX's private module.
import jax.numpy as jnp
from jax._src.pallas.mosaic.helpers import sync_copy
from jax.experimental.pallas import tpu as pltpu


def accumulator_dtype(quantized: bool):
    return jnp.float32.dtype if not quantized else jnp.bfloat16.dtype


print(accumulator_dtype(False), repr(accumulator_dtype(True)))  # expect: float32 dtype(bfloat16)
print(jnp.int8.dtype == jnp.dtype("int8"), jnp.zeros(2, jnp.int4.dtype).dtype)  # expect: True int4
print(sync_copy is pltpu.sync_copy)  # expect: True
