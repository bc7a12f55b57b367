# pl.debug_print on the chip writes what the TPU log records (SEMANTICS
# 6.2): scalars after a placeholder-free text as "s32[] 5", a vector after
# the text before its "{}" as an XLA literal with one innermost row per
# line; the CPU interpreters print as jax.debug.print does (SEMANTICS 3.10).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def trace_kernel(x_ref, o_ref):
    pl.debug_print("rows: {}", x_ref[...])
    pl.debug_print("count ", jnp.int32(5))
    pl.debug_print("step {} of {}", jnp.int32(1), jnp.int32(2))
    o_ref[...] = x_ref[...] * 2


x = jnp.arange(16, dtype=jnp.int32).reshape(2, 8)
out = pl.pallas_call(trace_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)
# [chip] expect: rows: s32[2,8] {
# [chip] expect:   { 0, 1, 2, 3, 4, 5, 6, 7 },
# [chip] expect:   { 8, 9, 10, 11, 12, 13, 14, 15 }
# [chip] expect: }
# [chip] expect: count s32[] 5
# [interpret,tpu] expect: rows: [[ 0  1  2  3  4  5  6  7]
# [interpret,tpu] expect:  [ 8  9 10 11 12 13 14 15]]
# [interpret,tpu] expect: count  5
# expect: step 1 of 2
print(int(out[1, 7]))  # expect: 30
