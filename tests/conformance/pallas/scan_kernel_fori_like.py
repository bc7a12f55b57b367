# Control flow inside a kernel that Mosaic lowers: a lax.scan with only a
# length (no xs, no ys: the fori_loop-like scans _scan_lowering_rule
# accepts), fori_loop with unroll=, and lax.switch on the program id.
# Every rung computes the same values.
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl


def kernel(x_ref, o_ref):
    x = x_ref[...]

    def relax(c, _):
        return c * 0.5 + x, None

    y, nothing = lax.scan(relax, jnp.zeros_like(x), None, length=3)  # x, 1.5x, 1.75x
    z = lax.fori_loop(0, 4, lambda i, acc: acc + i.astype(jnp.float32), y, unroll=2)  # + 0+1+2+3
    o_ref[...] = lax.switch(pl.program_id(0), [lambda v: v, lambda v: -v, lambda v: v * 2.0], z)


out = pl.pallas_call(
    kernel,
    grid=(3,),
    in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0))],
    out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
    out_shape=jax.ShapeDtypeStruct((24, 128), jnp.float32),
)(jnp.ones((24, 128), jnp.float32))
print(out[0, 0], out[8, 5], out[23, 127])  # expect: 7.75 -7.75 15.5
