# SEMANTICS T10: a masked store through a window that runs past the output.
# Lanes whose mask is off may be out of bounds; an enabled out-of-bounds
# lane is an error (found by JAX's leading-axis-only test). Rung 1 clamps
# the window back into the output instead. The chip checks no bounds: the
# enabled lanes inside the output are written, the rest dropped.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(i_ref, j_ref, x_ref, mask_ref, o_ref):
    o_ref[...] = jnp.zeros_like(o_ref)
    pl.store(o_ref.at[pl.ds(i_ref[0], 16), pl.ds(j_ref[0], 256)], ..., x_ref[...], mask=mask_ref[...])

def run(mask):
    return pl.pallas_call(
        kernel,
        grid_spec=pltpu.PrefetchScalarGridSpec(num_scalar_prefetch=2),
        out_shape=jax.ShapeDtypeStruct((16, 256), jnp.float32),
        interpret=pltpu.InterpretParams(),
    )(jnp.array([8], jnp.int32), jnp.array([128], jnp.int32), jnp.ones((16, 256), jnp.float32), mask)

one_lane = jnp.zeros((16, 256), jnp.bool_).at[0, 0].set(True)
out = run(one_lane)
print(float(out.sum()), float(out[8, 128]))  # [tpu] expect: 1.0 1.0
                                             # [interpret] expect: 1.0 0.0
                                             # [chip] expect: 1.0 1.0
try:
    out = run(jnp.ones((16, 256), jnp.bool_))
    print(float(out.sum()))  # [interpret] expect: 4096.0
                             # [chip] expect: 1024.0
except ValueError as e:
    print(repr(str(e)))  # [tpu] expect: 'Out-of-bounds masked swap of (0 0 vmem 107): swapping [(slice(8, 24, 1), slice(128, 384, 1))] but buffer has shape (16, 256) . '
