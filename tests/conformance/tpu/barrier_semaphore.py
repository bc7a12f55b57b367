# pltpu.get_barrier_semaphore() is the semaphore with the fixed id
# CompilerParams(collective_id=...). On one device a kernel can signal and
# wait on it like any other; without a collective_id Rungs says so. The chip
# refuses such a kernel when it builds the custom call (JAX's
# tpu_custom_call: a "custom barrier" needs a collective_id).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(o_ref):
    barrier = pltpu.get_barrier_semaphore()
    pl.semaphore_signal(barrier, 1)
    pl.semaphore_wait(barrier, 1)
    o_ref[...] = jnp.ones_like(o_ref)

def run(collective_id):
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
        compiler_params=pltpu.CompilerParams(collective_id=collective_id),
        interpret=pltpu.InterpretParams(),
    )()

for cid in (13, None):
    try:
        print(cid, float(run(cid).sum()))
    except (ValueError, NotImplementedError) as e:
        print(cid, e)
# [tpu,chip] expect: 13 1024.0
# [tpu] expect: None pltpu.get_barrier_semaphore() needs pltpu.CompilerParams(collective_id=...) in TPU interpret mode (a message of Rungs: JAX's own interpret mode fails here without saying why)
# [chip] expect: None collective_id has to be specified when using a custom barrier
# [interpret] expect: 13 MLIR translation rule for primitive 'get_barrier_semaphore' not found for platform cpu
# [interpret] expect: None MLIR translation rule for primitive 'get_barrier_semaphore' not found for platform cpu
