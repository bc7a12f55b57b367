# Benchmark program (tests/bench): an elementwise kernel o = x * s + 1 over a
# 4096x512 float32 array in 256-row blocks (16 grid steps). This file is the
# setup cell; the timed cell is `__o = run()` (see ../benchmarks.json). Array
# names start with "__" so result documents (wasm sessions) stay small.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

S = 1.5


def scale_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * S + 1.0


__x = (jnp.arange(4096 * 512, dtype=jnp.float32).reshape(4096, 512) % 1000.0) / 8.0


def run():
    return pl.pallas_call(
        scale_kernel,
        grid=(4096 // 256,),
        in_specs=[pl.BlockSpec((256, 512), lambda i: (i, 0))],
        out_specs=pl.BlockSpec((256, 512), lambda i: (i, 0)),
        out_shape=jax.ShapeDtypeStruct((4096, 512), jnp.float32),
        interpret=True,
    )(__x)
