# A DMA of a traced number of leading rows, the count read from SMEM (the
# tile-aligned case of JAX's PallasCallDynamicDMATest). interpret=True
# discharges the DMA into a dynamic_slice whose sizes must be static, and
# fails before the kernel runs; TPU interpret mode and the chip read the
# size when the copy starts. A traced size on an untiled leading dim
# compiles for Mosaic.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def prefix_rows_kernel(count_ref, src_hbm, _, dst_hbm, sem):
    n = count_ref[0]
    pltpu.async_copy(src_hbm.at[pl.ds(0, n)], dst_hbm.at[pl.ds(0, n)], sem).wait()  # [interpret] expect error: TypeError: Shapes must be 1D sequences of concrete values of integer type, got (Traced<int32[]>with<DynamicJaxprTrace>, 8, 128)....

src = jnp.tile(jnp.arange(1, 9, dtype=jnp.int32)[:, None, None], (1, 8, 128))
dst = jnp.zeros((8, 8, 128), jnp.int32)
copy_prefix = pl.pallas_call(
    prefix_rows_kernel,
    grid_spec=pltpu.PrefetchScalarGridSpec(
        num_scalar_prefetch=0,
        in_specs=[pl.BlockSpec(memory_space=pltpu.SMEM), pl.BlockSpec(memory_space=pl.ANY),
                  pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA]),
    out_shape=dst,
    input_output_aliases={2: 0},
    interpret=pltpu.InterpretParams(),
)
out = copy_prefix(jnp.array([5], jnp.int32), src, dst)
print(out[:, 0, 0])  # [tpu,chip] expect: [1 2 3 4 5 0 0 0]
print(bool(jnp.all(out[:, 3, 100] == out[:, 0, 0])))  # [tpu,chip] expect: True
out = copy_prefix(jnp.array([0], jnp.int32), src, dst)
print(int(out.sum()))  # [tpu,chip] expect: 0
