# Scalar integer arithmetic on SMEM values narrower than 32 bits: the CPU
# interpreters compute it; Mosaic computes scalars in i32 only and refuses
# the kernel, which JAX re-raises as error_handling.MosaicError (a kernel
# summing int8 page counts read from SMEM hits this; widen to int32 first).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def count_kernel(counts_ref, total_ref):
    total_ref[0] = counts_ref[0] + counts_ref[1]  # [chip] expect error: MosaicError: INTERNAL: Mosaic failed to compile TPU kernel: Not implemented: Only i32 arith.addi is supported


counts = jnp.array([3, 4], dtype=jnp.int8)
total = pl.pallas_call(
    count_kernel,
    in_specs=[pl.BlockSpec(memory_space=pltpu.SMEM)],
    out_specs=pl.BlockSpec(memory_space=pltpu.SMEM),
    out_shape=jax.ShapeDtypeStruct((1,), jnp.int8),
)(counts)
print(total)  # [interpret,tpu] expect: [7]
