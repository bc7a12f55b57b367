# SEMANTICS T8: an 8-row DMA into rows 4..11 of a (10, 128) scratch.
# Logical bounds: out-of-bounds write. Padded bounds (content (16, 128)):
# rows 4..9 are written, rows 10..11 fall into the padding and read back NaN.
# The chip checks no bounds: rows 4..9 are written, the rest is dropped and
# reads back stale garbage (not NaN) either way.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(x_ref, o_ref, s_ref):
    start = pl.program_id(0) + 4
    pltpu.sync_copy(x_ref, s_ref.at[pl.ds(start, 8)])
    o_ref[...] = s_ref[pl.ds(start, 8)]

def run(bounds):
    return pl.pallas_call(
        kernel,
        grid=(1,),
        out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        scratch_shapes=[pltpu.VMEM((10, 128), jnp.float32)],
        interpret=pltpu.InterpretParams(buffer_bounds=bounds),
    )(jnp.zeros((8, 128), jnp.float32))

for bounds in ("logical", "padded"):
    try:
        out = run(bounds)
        print(bounds, bool((out[:6] == 0).all()), bool(jnp.isnan(out[6:]).all()))
    except ValueError as e:
        print(bounds, e)
# [tpu] expect: logical Out-of-bounds write of (0 0 vmem 103): writing [(slice(4, 12, 1), slice(0, 128, 1))] but buffer has shape (10, 128) .
# [tpu] expect: padded True True
# [interpret] expect: logical True False
# [interpret] expect: padded True False
# [chip] expect: logical True False
# [chip] expect: padded True False
