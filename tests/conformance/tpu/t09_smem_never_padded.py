# SEMANTICS T9: SMEM scratch is never padded, so even with
# buffer_bounds="padded" a write to row 10 of SMEM((10, 128)) is out of
# bounds; the same write to VMEM lands in the padding. The chip refuses the
# vector load from SMEM (SEMANTICS 5.2); in VMEM the write past the end is
# dropped and the read gives stale garbage, not NaN.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(x_ref, o_ref, s_ref):
    i = pl.program_id(0) + 10
    pltpu.sync_copy(x_ref.at[0], s_ref.at[i])
    o_ref[0, :] = s_ref[i, :]

def run(space, bounds):
    return pl.pallas_call(
        kernel,
        grid=(1,),
        out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
        in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
        scratch_shapes=[space((10, 128), jnp.float32)],
        interpret=pltpu.InterpretParams(buffer_bounds=bounds, out_of_bounds_reads="raise"),
    )(jnp.zeros((8, 128), jnp.float32))

for name, space, bounds in [("smem", pltpu.SMEM, "padded"), ("smem", pltpu.SMEM, "logical"),
                            ("vmem", pltpu.VMEM, "padded"), ("vmem", pltpu.VMEM, "logical")]:
    try:
        out = run(space, bounds)
        print(name, bounds, bool(jnp.isnan(out).all()))
    except ValueError as e:
        print(name, bounds, e)
# [tpu] expect: smem padded Out-of-bounds write of (0 0 smem 104): writing [(10, slice(0, 128, 1))] but buffer has shape (10, 128) .
# [tpu] expect: smem logical Out-of-bounds write of (0 0 smem 104): writing [(10, slice(0, 128, 1))] but buffer has shape (10, 128) .
# [tpu] expect: vmem padded True
# [tpu] expect: vmem logical Out-of-bounds write of (0 0 vmem 104): writing [(10, slice(0, 128, 1))] but buffer has shape (10, 128) .
# [interpret] expect: smem padded False
# [interpret] expect: smem logical False
# [interpret] expect: vmem padded False
# [interpret] expect: vmem logical False
# [chip] expect: smem padded Can only load scalars from SMEM
# [chip] expect: smem logical Can only load scalars from SMEM
# [chip] expect: vmem padded False
# [chip] expect: vmem logical False
