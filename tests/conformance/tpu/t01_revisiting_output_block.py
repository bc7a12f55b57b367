# SEMANTICS T1: in TPU interpret mode an output block may be visited by
# consecutive iterations, but re-entering one that an earlier iteration left
# is an error. Output 1 visits block (0, 0) in iterations (0, 0)-(0, 1),
# leaves it, and comes back in iteration (2, 0). Rung 1 never complains.
# The chip refuses the (4, 128) blocks (the (8, 128) rule).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(x_ref, o1_ref, o2_ref):
    pass

o1, o2 = pl.pallas_call(  # [tpu] expect error: RuntimeError: Revisited block (slice(0, 4, 1), slice(0, 128, 1)) of output 1 in iteration (2, 0). The block was previously visited in iterations (0, 0) through (0, 1) .  # [chip] expect error: ValueError: The Pallas TPU lowering currently requires that the last two dimensions of your block shape are divisible by 8 and 128 respectively, or be equal to the respective dimensions of the overall array. Block spec for outputs[0] in pallas_call kernel at t01_revisiting_output_block.py:11 has block shape (Blocked(block_size=4), Blocked(block_size=128)), array shape (16, 256), and index_map ...
    kernel,
    out_shape=[jax.ShapeDtypeStruct((16, 256), jnp.float32), jax.ShapeDtypeStruct((16, 256), jnp.float32)],
    grid=(4, 4),
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
    out_specs=[pl.BlockSpec((4, 128), lambda i, j: (i, j // 2)),
               pl.BlockSpec((4, 128), lambda i, j: (j // 2, i % 2))],
    interpret=pltpu.InterpretParams(),
)(jnp.zeros((8, 128)))
print(bool(jnp.isnan(o2).all()))  # [interpret] expect: True
