# SEMANTICS T6: a DMA whose source window runs past the buffer. With
# out_of_bounds_reads="raise" it is an IndexError naming the HBM buffer;
# otherwise the part past the end reads the uninitialised value (NaN).
# Rung 1 clamps the window back into the array and copies zeros. The chip
# checks no bounds: the part past the end is undefined data (deterministic
# garbage in the model, not NaN).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(x_ref, o_ref, sem):
    start = pl.program_id(0) + 4
    pltpu.async_copy(x_ref.at[pl.ds(start, 8), 1], o_ref, sem).wait()

def run(mode):
    return pl.pallas_call(
        kernel,
        grid=(1,),
        out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
        out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        scratch_shapes=[pltpu.SemaphoreType.DMA],
        interpret=pltpu.InterpretParams(out_of_bounds_reads=mode),
    )(jnp.zeros((8, 4, 128), jnp.float32))

out = run("uninitialized")
print(bool((out[:4] == 0).all()), bool(jnp.isnan(out[4:]).all()))  # [tpu] expect: True True
                                                                     # [interpret] expect: True False
                                                                     # [chip] expect: True False
try:
    run("raise")
except IndexError as e:
    print(e)  # [tpu] expect: Out-of-bounds read of (0 0 hbm 100): reading [(slice(4, 12, 1), 1, slice(0, 128, 1))] but buffer has shape (8, 4, 128).
