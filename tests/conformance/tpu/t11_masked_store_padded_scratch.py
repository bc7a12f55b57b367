# SEMANTICS T11: a masked store into a VMEM((10, 150)) scratch whose
# content is padded to (16, 256). Only the part inside the logical shape is
# written (rows 8..9, columns 128..149); the rest of the window is padding
# and reads back NaN. The chip checks no bounds and has no padded mode: the
# in-bounds lanes are written and the rest reads back stale garbage.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(i_ref, j_ref, x_ref, mask_ref, o_ref, s_ref):
    s_ref[...] = jnp.zeros_like(s_ref)
    window = (pl.ds(i_ref[0], 8), pl.ds(j_ref[0], 128))
    pl.store(s_ref.at[window], ..., x_ref[...], mask=mask_ref[...])
    o_ref[...] = s_ref[window]

out = pl.pallas_call(
    kernel,
    grid_spec=pltpu.PrefetchScalarGridSpec(num_scalar_prefetch=2,
                                           scratch_shapes=[pltpu.VMEM((10, 150), jnp.float32)]),
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    interpret=pltpu.InterpretParams(buffer_bounds="padded", out_of_bounds_reads="uninitialized"),
)(jnp.array([8], jnp.int32), jnp.array([128], jnp.int32), jnp.ones((8, 128), jnp.float32),
  jnp.ones((8, 128), jnp.bool_))
print(bool((out[:2, :22] == 1).all()), bool(jnp.isnan(out[2:]).all()), bool(jnp.isnan(out[:2, 22:]).all()))
# [tpu] expect: True True True
# [interpret] expect: True False False
# [chip] expect: True False False
