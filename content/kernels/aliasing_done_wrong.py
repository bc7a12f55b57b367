# Aliasing done wrong: in place, step i reads block i-1, which step i-1 already overwrote.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def shift_kernel(x_ref, o_ref):
    # Meant: out block i = original block i-1, plus one.
    o_ref[...] = x_ref[...] + 1.0


x = jnp.zeros((32, 128), jnp.float32)
y = pl.pallas_call(
    shift_kernel,
    grid=(4,),
    in_specs=[pl.BlockSpec((8, 128), lambda i: (jnp.maximum(i - 1, 0), 0))],
    out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    input_output_aliases={0: 0},  # but the output overwrites what later steps read
    interpret=True,
)(x)
# Rung 1 keeps input and output apart: 1 1 1 1. Rung 2 (like a chip) has one
# buffer, so later steps read earlier steps' writes: 1 1 2 3.
print(y[::8, 0])
