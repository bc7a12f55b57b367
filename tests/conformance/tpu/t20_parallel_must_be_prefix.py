# SEMANTICS T20: dimensions with "parallel" semantics must come first. The
# chip refuses the kernel's scalar store into VMEM first (SEMANTICS 5.2).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(s_ref, o_ref):
    o_ref[0, 0] = s_ref[0].astype(jnp.float32)  # [chip] expect error: ValueError: Cannot store scalars to VMEM

out = pl.pallas_call(  # [tpu] expect error: ValueError: Dimensions with parallel semantics must form a prefix of the grid.
    kernel,
    out_shape=jax.ShapeDtypeStruct((32, 512), jnp.float32),
    grid=(4, 4),
    in_specs=[pl.BlockSpec(memory_space=pltpu.SMEM)],
    out_specs=pl.BlockSpec((8, 128), lambda i, j: (i, j)),
    interpret=pltpu.InterpretParams(random_seed=12345),
    compiler_params=pltpu.CompilerParams(dimension_semantics=("arbitrary", "parallel")),
)(jnp.zeros((1,), jnp.int32))
print(float(out[0, 0]))  # [interpret] expect: 0.0
