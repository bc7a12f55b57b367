# Benchmark program (tests/bench): grid-step overhead. 65,536 steps of an
# (8,128) float32 copy kernel. The grid is (256, 256) over a 2048x128 array
# (each block visited 256 times) so the data stays in cache and the figure is
# the per-step cost of the interpreter, not page faults on a 256 MB array.
# Setup cell; the timed cell is `__o = run()`.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def copy_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]


__x = jnp.arange(2048 * 128, dtype=jnp.float32).reshape(2048, 128)


def run():
    return pl.pallas_call(
        copy_kernel,
        grid=(256, 256),
        in_specs=[pl.BlockSpec((8, 128), lambda i, j: (j, 0))],
        out_specs=pl.BlockSpec((8, 128), lambda i, j: (j, 0)),
        out_shape=jax.ShapeDtypeStruct((2048, 128), jnp.float32),
        interpret=True,
    )(__x)
