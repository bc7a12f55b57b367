# SEMANTICS T7: a DMA into row 10 of a (10, 128) VMEM scratch. With the
# default buffer_bounds="logical" that is an out-of-bounds write; with
# "padded" the scratch is really (16, 128) (TPU v6e tiling, which Rungs
# assumes without an abstract mesh), the write lands in the padding and is
# dropped, and reading it back gives the NaN fill. Rung 1 clamps to row 9.
# The chip has no buffer_bounds switch and checks no bounds: the write is
# dropped and the reads return stale garbage (not NaN) either way.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(x_ref, o_ref, s_ref):
    i = pl.program_id(0) + 10
    pltpu.sync_copy(x_ref.at[0], s_ref.at[i])
    o_ref[0, :] = s_ref[i, :]

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
        print(bounds, bool(jnp.isnan(out).all()), bool(jnp.isnan(out[1:]).all()))
    except ValueError as e:
        print(bounds, e)
# [tpu] expect: logical Out-of-bounds write of (0 0 vmem 103): writing [(10, slice(0, 128, 1))] but buffer has shape (10, 128) .
# [tpu] expect: padded True True
# [interpret] expect: logical False True
# [interpret] expect: padded False True
# [chip] expect: logical False False
# [chip] expect: padded False False
