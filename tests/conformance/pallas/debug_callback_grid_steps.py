# jax.debug.callback inside a kernel: JAX's interpreters (rungs 1-2) call it
# at every grid step with that step's values; Mosaic lowers it to nothing,
# so on the chip rung the callback never runs and the kernel's values are
# the same.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

steps = []


def log(step, row_sum, label):
    steps.append(int(step))
    print(label, int(step), float(row_sum))


def kernel(x_ref, o_ref):
    i = pl.program_id(0)
    jax.debug.callback(log, i, jnp.sum(x_ref[...]), "block")
    o_ref[...] = x_ref[...] * 2.0


x = jnp.ones((24, 128), jnp.float32)
y = pl.pallas_call(kernel, grid=(3,), in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0))],
                   out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
                   out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)
# [interpret,tpu] expect: block 0 1024.0
# [interpret,tpu] expect: block 1 1024.0
# [interpret,tpu] expect: block 2 1024.0
print(steps, float(y[23, 127]))  # [interpret,tpu] expect: [0, 1, 2] 2.0  # [chip] expect: [] 2.0
