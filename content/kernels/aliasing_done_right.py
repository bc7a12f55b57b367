# Aliasing done right: scale rows in place; each step reads and writes the same block, once.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def scale_rows_kernel(x_ref, s_ref, o_ref):
    o_ref[...] = x_ref[...] * s_ref[0]


def scale_rows_inplace(x, s, rows=8):
    n, d = x.shape
    block = pl.BlockSpec((rows, d), lambda i: (i, 0))
    return pl.pallas_call(
        scale_rows_kernel,
        grid=(n // rows,),
        in_specs=[block, pl.BlockSpec(memory_space=pltpu.SMEM)],
        out_specs=block,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        input_output_aliases={0: 0},  # output 0 reuses input 0's buffer
        interpret=True,
    )(x, s)


x = jnp.ones((32, 128), jnp.float32)
y = scale_rows_inplace(x, jnp.array([3.0], jnp.float32))
print(y[::8, 0])
