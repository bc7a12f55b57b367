# A prefetch into VMEM that outlives its pallas_call: the first call starts
# a copy of one row block from HBM into a VMEM-resident output
# (out_shape=pltpu.VMEM(...)) and returns the semaphore; the second takes
# that VMEM array, aliased to its output, waits, and doubles it in place.
# The chip keeps the aliased VMEM array in one buffer, as XLA places it;
# JAX's interpreters refuse the semaphore output before the kernel runs.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def prefetch_kernel(i_ref, x_hbm, buf, sem):
    pltpu.make_async_copy(x_hbm.at[i_ref[0]], buf, sem).start()

def consume_kernel(x_hbm, buf_in, sem, buf_out):
    pltpu.make_async_copy(x_hbm.at[0], buf_in, sem).wait()
    buf_out[...] = buf_out[...] * 2

@jax.jit
def prefetch_then_double(x, i):
    buf, sem = pl.pallas_call(  # [interpret] expect error: AttributeError: type object 'AbstractSemaphoreTyRules' has no attribute 'full'  # [tpu] expect error: NotImplementedError: nan + dma_sem
        prefetch_kernel,
        grid_spec=pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=1,
            in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
            out_specs=(pl.BlockSpec(memory_space=pltpu.VMEM), pl.BlockSpec(memory_space=pltpu.SEMAPHORE))),
        out_shape=(pltpu.VMEM(x.shape[1:], x.dtype), pltpu.SemaphoreType.DMA(())),
        interpret=pltpu.InterpretParams(),
    )(i[None], x)
    return pl.pallas_call(
        consume_kernel,
        in_specs=[pl.BlockSpec(memory_space=pl.ANY), pl.BlockSpec(memory_space=pltpu.VMEM),
                  pl.BlockSpec(memory_space=pltpu.SEMAPHORE)],
        out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
        out_shape=pltpu.VMEM(x.shape[1:], x.dtype),
        input_output_aliases={1: 0},
        interpret=pltpu.InterpretParams(),
    )(x, buf, sem)

x = jnp.arange(3 * 8 * 128, dtype=jnp.float32).reshape(3, 8, 128)
out = prefetch_then_double(x, jnp.int32(2))
print(bool(jnp.array_equal(out, 2 * x[2])))  # [chip] expect: True
