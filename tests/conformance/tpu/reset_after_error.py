# JAX's contract: after a TPU-interpret kernel raises, call
# pltpu.reset_tpu_interpret_mode_state() before the next one. Rungs'
# choice (core/rungs/tpu_state.h): the next launch resets by itself, as
# single-device JAX observably does, so a notebook keeps working after a
# caught error; the explicit reset still works.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def bad_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[pl.ds(pl.program_id(0) + 4, 8)]

def good_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2

def run(kernel):
    return pl.pallas_call(
        kernel,
        grid=(1,),
        out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
        interpret=pltpu.InterpretParams(),
    )(jnp.ones((8, 128), jnp.float32))

try:
    run(bad_kernel)
except IndexError as e:
    print(e)  # [tpu] expect: Out-of-bounds read of (0 0 vmem 102): reading [(slice(4, 12, 1), slice(0, 128, 1))] but buffer has shape (8, 128).
print(float(run(good_kernel).sum()))  # expect: 2048.0
pltpu.reset_tpu_interpret_mode_state()
print(float(run(good_kernel).sum()))  # expect: 2048.0
