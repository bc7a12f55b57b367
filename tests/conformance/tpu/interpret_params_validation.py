# InterpretParams' checks: the constructor's (every rung) and the vector
# clock size checked when a TPU-interpret kernel starts. The chip has no
# vector clocks (it detects no races) and runs the kernel.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

for kwargs in ({"num_cores_or_threads": 0}, {"vector_clock_size": 0}):
    try:
        pltpu.InterpretParams(**kwargs)
    except ValueError as e:
        print(e)
# expect: Number of cores or threads must be at least 1, but got 0.
# expect: Vector clock size must be at least 1, but got 0.

def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1

def run(**kwargs):
    return pl.pallas_call(  # [tpu] expect error: ValueError: Vector clock size (2) must be greater than the total number of cores/threads (2).
        kernel,
        out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
        interpret=pltpu.InterpretParams(**kwargs),
    )(jnp.zeros((8, 128), jnp.float32))

print(float(run(vector_clock_size=3, num_cores_or_threads=2).sum()))  # expect: 1024.0
out = run(vector_clock_size=2, num_cores_or_threads=2)
print(float(out.sum()))  # [interpret,chip] expect: 1024.0
