# Traced-size DMAs along the lane (minor) dim of a 2-D array. The chip
# needs the size provably a multiple of the 128-lane tile: pl.multiple_of
# tells Mosaic so (the first kernel compiles), a bare value read from SMEM
# does not (the second fails to compile). TPU interpret mode runs both;
# interpret=True discharges neither.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def aligned_kernel(w_ref, x_hbm, o_hbm, sem):
    pltpu.sync_copy(x_hbm, o_hbm)
    w = pl.multiple_of(w_ref[0], 128)
    pltpu.async_copy(x_hbm.at[:, pl.ds(512, w)], o_hbm.at[:, pl.ds(0, w)], sem).wait()  # [interpret] expect error: TypeError: Shapes must be 1D sequences of concrete values of integer type, got (8, Traced<int32[]>with<DynamicJaxprTrace>)....

def unaligned_kernel(w_ref, x_hbm, o_hbm, sem):
    pltpu.sync_copy(x_hbm, o_hbm)
    w = w_ref[0]
    pltpu.async_copy(x_hbm.at[:, pl.ds(512, w)], o_hbm.at[:, pl.ds(0, w)], sem).wait()  # [chip] expect error: JaxRuntimeError: INTERNAL: Mosaic failed to compile TPU kernel: Slice sizes along tiled dimensions must be aligned to tiles. Failed to verify that the size at dimension 1 is divisible by the tile dimension 128. If it is, use tpu.assume_multiple to suppress this error.

def run(kernel, width):
    return pl.pallas_call(
        kernel,
        grid_spec=pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=1,
            in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
            out_specs=pl.BlockSpec(memory_space=pl.ANY),
            scratch_shapes=[pltpu.SemaphoreType.DMA]),
        out_shape=jax.ShapeDtypeStruct((8, 1024), jnp.float32),
        interpret=pltpu.InterpretParams(),
    )(jnp.array([width], jnp.int32), x)

x = jnp.arange(8 * 1024, dtype=jnp.float32).reshape(8, 1024)
out = run(aligned_kernel, 256)
print(out[2, 0], out[2, 255], out[2, 256])  # [tpu,chip] expect: 2560.0 2815.0 2304.0
out = run(unaligned_kernel, 100)
print(out[0, 99], out[0, 100])  # [tpu] expect: 611.0 100.0
