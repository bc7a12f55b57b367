# JAX test_out_of_bounds_block_spec: an index map that points past the
# input is an IndexError at the block copy (or reads NaN with
# out_of_bounds_reads="uninitialized"); past the output it is an IndexError
# at the copy back (whose message says "reading", a JAX quirk). Rung 1
# clamps both windows back into the arrays. The chip refuses the (4, 128)
# blocks (the (8, 128) rule).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]

def run(input_offset, output_offset, mode):
    return pl.pallas_call(  # [chip] expect error: ValueError: The Pallas TPU lowering currently requires that the last two dimensions of your block shape are divisible by 8 and 128 respectively, or be equal to the respective dimensions of the overall array. Block spec for args[0] in pallas_call kernel at t03_block_index_out_of_bounds.py:12 has block shape (Blocked(block_size=4), Blocked(block_size=128)), array shape (16, 128), and index_map ...
        kernel,
        out_shape=jax.ShapeDtypeStruct((16, 128), jnp.float32),
        out_specs=pl.BlockSpec((4, 128), lambda i: (i + output_offset, 0)),
        in_specs=[pl.BlockSpec((4, 128), lambda i: (i + input_offset, 0))],
        grid=(4,),
        interpret=pltpu.InterpretParams(out_of_bounds_reads=mode),
    )(jnp.zeros((16, 128), jnp.float32))

out = run(1, 0, "uninitialized")
print(bool((out[:12] == 0).all()), bool(jnp.isnan(out[12:]).all()))  # [tpu] expect: True True
                                                                     # [interpret] expect: True False
for offsets in ((1, 0), (0, 2)):
    try:
        run(offsets[0], offsets[1], "raise")
        print("no error")
    except IndexError as e:
        print(e)
# [tpu] expect: Out-of-bounds block index (4, 0) for input "x_ref" in iteration (3,) on device 0 (core 0): reading [(slice(16, 20, 1), slice(0, 128, 1))] but input has shape (16, 128).
# [tpu] expect: Out-of-bounds block index (4, 0) for output "o_ref" in iteration (2,) on device 0 (core 0): reading [(slice(16, 20, 1), slice(0, 128, 1))] but output has shape (16, 128).
# [interpret] expect: no error
# [interpret] expect: no error
