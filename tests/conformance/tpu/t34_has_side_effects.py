# SEMANTICS T34: CompilerParams(has_side_effects=True) changes nothing here.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(x_ref, y_ref):
    y_ref[...] = x_ref[...] + 1

y = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
    out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
    compiler_params=pltpu.CompilerParams(has_side_effects=True),
    interpret=pltpu.InterpretParams(),
)(jnp.zeros((8, 128), jnp.float32))
print(bool((y == 1).all()))  # expect: True
