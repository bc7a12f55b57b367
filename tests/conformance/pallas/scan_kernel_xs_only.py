# A kernel scanning over rows with no stacked output: the interpreters run
# it; the chip's pattern_match_scan_to_fori_loop refuses the scanned-over
# operand ("extensive argument") naming the consts and carries it found.
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl


def kernel(x_ref, w_ref, o_ref):
    w = w_ref[...]
    total, _ = lax.scan(lambda acc, row: (acc + row * w, None), jnp.zeros((128,), jnp.float32), x_ref[...])  # [chip] expect error: ValueError: Scan with 1 extensive argument(s) is not supported. Found 1 consts and 1 carry arguments.
    o_ref[...] = jnp.broadcast_to(total, (8, 128))


x = jnp.ones((8, 128), jnp.float32)
w = jnp.full((128,), 0.25, jnp.float32)
out = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32))(x, w)
print(out[3, 7])  # [interpret,tpu] expect: 2.0
