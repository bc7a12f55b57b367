# Operations TPU interpret mode rejects (SEMANTICS 4.5, 4.14) although
# rung 1 runs them: pl.semaphore_read (no interpreter rule in JAX),
# non-decrementing waits, masked pl.load, and integer-array indexers. The
# chip lowers semaphore_read (tpu.sem_read) and refuses the other three with
# Mosaic's texts (a masked load is a bare NotImplementedError there).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def read_kernel(x_ref, o_ref, sem):
    pl.semaphore_signal(sem, 2)
    o_ref[...] = jnp.full(o_ref.shape, pl.semaphore_read(sem), jnp.int32)

def no_decrement_kernel(x_ref, o_ref, sem):
    pl.semaphore_signal(sem, 1)
    pl.semaphore_wait(sem, 1, decrement=False)
    o_ref[...] = x_ref[...]

def masked_load_kernel(x_ref, o_ref, sem):
    o_ref[...] = pl.load(x_ref, ..., mask=x_ref[...] > 0)

def gather_kernel(x_ref, o_ref, sem):
    o_ref[...] = x_ref[jnp.arange(8) % 2]

for kernel in (read_kernel, no_decrement_kernel, masked_load_kernel, gather_kernel):
    try:
        out = pl.pallas_call(
            kernel,
            grid=(1,),
            out_shape=jax.ShapeDtypeStruct((8, 128), jnp.int32),
            scratch_shapes=[pltpu.SemaphoreType.REGULAR],
            interpret=pltpu.InterpretParams(),
        )(jnp.arange(8 * 128, dtype=jnp.int32).reshape(8, 128))
        print(kernel.__name__, int(out[1, 0]))
    except (NotImplementedError, ValueError) as e:
        print(kernel.__name__, type(e).__name__, e)
# [tpu] expect: read_kernel NotImplementedError pl.semaphore_read is not supported in TPU interpret mode (JAX's TPU interpreter has no rule for semaphore_read_p); interpret=True can read a semaphore's count
# [tpu] expect: no_decrement_kernel NotImplementedError Non-decrementing wait is not supported.
# [tpu] expect: masked_load_kernel NotImplementedError masked load_p
# [tpu] expect: gather_kernel ValueError Advanced indexers are not supported on TPU
# [chip] expect: read_kernel 2
# [chip] expect: no_decrement_kernel NotImplementedError Non-decrementing wait is not supported.
# [chip] expect: masked_load_kernel NotImplementedError 
# [chip] expect: gather_kernel ValueError Cannot do int indexing on TPU
# [interpret] expect: read_kernel 2
# [interpret] expect: no_decrement_kernel 128
# [interpret] expect: masked_load_kernel 128
# [interpret] expect: gather_kernel 128
