# JAX test_correct_number_of_stores: an input block is fetched from HBM
# only when its window changes, so a kernel's writes to an input ref
# persist across the iterations that keep the window (and never reach
# HBM). Rung 1 writes every block back every step, with the same result
# here; the difference shows in the block copies (trace events).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(x_ref, s_ref, o_ref):
    s = s_ref[0]
    x_ref[...] += jnp.full(x_ref.shape, s, jnp.float32)
    s_ref[0] = s + 1
    o_ref[...] = x_ref[...]

result = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct((16, 256), jnp.float32),
    grid=(2, 2),
    in_specs=[pl.BlockSpec((8, 256), lambda i, j: (i, 0)), pl.BlockSpec(memory_space=pltpu.SMEM)],
    out_specs=pl.BlockSpec((8, 256), lambda i, j: (i, 0)),
    interpret=pltpu.InterpretParams(),
)(jnp.zeros((16, 256), jnp.float32), jnp.zeros((1,), jnp.int32))
print(result[::8, ::256])
# expect: [[1.]
# expect:  [5.]]
