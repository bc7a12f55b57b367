# A traced-size DMA of a 1-D array (the case JAX's tests skip as "doesn't
# work yet"). TPU interpret mode copies the prefix; on the chip the only
# dim of a rank-1 memref is tiled, and Mosaic cannot prove a size read
# from SMEM tile-aligned, so compilation fails with its verifier's text;
# interpret=True fails while discharging the DMA.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def head_kernel(n_ref, x_hbm, o_hbm, sem):
    pltpu.sync_copy(x_hbm, o_hbm)
    k = n_ref[0]
    pltpu.async_copy(x_hbm.at[pl.ds(0, k)], o_hbm.at[pl.ds(256, k)], sem).wait()  # [interpret] expect error: TypeError: Shapes must be 1D sequences of concrete values of integer type, got (Traced<int32[]>with<DynamicJaxprTrace>,).... # [chip] expect error: JaxRuntimeError: INTERNAL: Mosaic failed to compile TPU kernel: Slice sizes along tiled dimensions must be aligned to tiles. Failed to verify that the size at dimension 0 is divisible by the tile dimension 128. If it is, use tpu.assume_multiple to suppress this error.

x = jnp.arange(512, dtype=jnp.int32)
out = pl.pallas_call(
    head_kernel,
    grid_spec=pltpu.PrefetchScalarGridSpec(
        num_scalar_prefetch=1,
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA]),
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    interpret=pltpu.InterpretParams(),
)(jnp.array([3], jnp.int32), x)
print(out[254:262])  # [tpu] expect: [254 255   0   1   2 259 260 261]
