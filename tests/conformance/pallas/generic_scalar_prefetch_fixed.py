# SEMANTICS 3.4: the kernel may write a scalar-prefetch ref, but the write
# is discarded after each iteration: later index maps and kernels never see it.
# The chip refuses the (1, 8) blocks of a (3, 8) array (the (8, 128) rule).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(s_ref, x_ref, o_ref):
    o_ref[...] = x_ref[...] + s_ref[0].astype(jnp.float32)
    s_ref[0] = 100

s = jnp.array([1], jnp.int32)
x = jnp.zeros((3, 8), jnp.float32)
y = pl.pallas_call(  # [chip] expect error: ValueError: The Pallas TPU lowering currently requires that the last two dimensions of your block shape are divisible by 8 and 128 respectively, or be equal to the respective dimensions of the overall array. Block spec for args[0] in pallas_call kernel at generic_scalar_prefetch_fixed.py:9 has block shape (Blocked(block_size=1), Blocked(block_size=8)), array shape (3, 8), and index_map ...
    kernel,
    grid_spec=pltpu.PrefetchScalarGridSpec(
        num_scalar_prefetch=1, grid=(3,),
        in_specs=[pl.BlockSpec((1, 8), lambda i, s: (i, 0))],
        out_specs=pl.BlockSpec((1, 8), lambda i, s: (i, 0))),
    out_shape=jax.ShapeDtypeStruct((3, 8), jnp.float32),
    interpret=True,
)(s, x)
print(y[:, 0])  # [interpret] expect: [1. 1. 1.]
                # [tpu] expect: [  1. 100. 100.]
