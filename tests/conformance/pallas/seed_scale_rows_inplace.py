# The aliasing example of seed 000: the output reuses the input's buffer.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

MS = pltpu.MemorySpace

def scale_rows_kernel(x_ref, s_ref, o_ref):
    o_ref[...] = x_ref[...] * s_ref[0]

def scale_rows_inplace(x, s, rows=64):
    n, d = x.shape
    return pl.pallas_call(
        scale_rows_kernel,
        grid=(n // rows,),
        in_specs=[pl.BlockSpec((rows, d), lambda i: (i, 0)),
                  pl.BlockSpec(memory_space=MS.SMEM)],
        out_specs=pl.BlockSpec((rows, d), lambda i: (i, 0)),
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        input_output_aliases={0: 0},
        interpret=True,
    )(x, s)

x = jnp.ones((256, 128), jnp.float32)
s = jnp.array([3.0], jnp.float32)
y = scale_rows_inplace(x, s)
print(y.shape, float(y.min()), float(y.max()))  # expect: (256, 128) 3.0 3.0
print(float(x.max()))  # expect: 1.0
