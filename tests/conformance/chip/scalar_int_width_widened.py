# The fix for Mosaic's i32-only scalar arithmetic: widen the SMEM values to
# int32 before computing, narrow on the way out. Every rung computes it, and
# the unsigned shift and division lower (as arith.shrui / arith.divui in
# i32) on the chip too.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def widened_kernel(x_ref, o_ref):
    a = x_ref[0].astype(jnp.int32)
    b = x_ref[1].astype(jnp.int32)
    o_ref[0] = jnp.maximum(a * b - 1, 0).astype(jnp.int16)
    o_ref[1] = ((a << 2) ^ b).astype(jnp.int16)


def unsigned_kernel(x_ref, o_ref):
    o_ref[0] = (x_ref[0] >> 1) // x_ref[1]


x = jnp.array([5, 3], dtype=jnp.int16)
smem = dict(in_specs=[pl.BlockSpec(memory_space=pltpu.SMEM)], out_specs=pl.BlockSpec(memory_space=pltpu.SMEM))
print(pl.pallas_call(widened_kernel, out_shape=jax.ShapeDtypeStruct((2,), jnp.int16), **smem)(x))  # expect: [14 23]
u = jnp.array([40, 3], dtype=jnp.uint32)
print(pl.pallas_call(unsigned_kernel, out_shape=jax.ShapeDtypeStruct((1,), jnp.uint32), **smem)(u))  # expect: [6]
