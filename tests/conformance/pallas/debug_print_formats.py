# SEMANTICS 3.10: pl.debug_print formats with str.format when the format has
# a placeholder; otherwise the values follow the text, space separated.
# The chip refuses the (1, 2) blocks of a (2, 2) array (the (8, 128) rule).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def kernel(x_ref, o_ref):
    i = pl.program_id(0)
    pl.debug_print("step {} sees {}", i, x_ref[0])
    pl.debug_print("DONE ", i)
    o_ref[...] = x_ref[...]

x = jnp.array([[1.5, 2.0], [3.0, 4.0]], jnp.float32)
y = pl.pallas_call(kernel, grid=(2,), in_specs=[pl.BlockSpec((1, 2), lambda i: (i, 0))],  # [chip] expect error: ValueError: The Pallas TPU lowering currently requires that the last two dimensions of your block shape are divisible by 8 and 128 respectively, or be equal to the respective dimensions of the overall array. Block spec for args[0] in pallas_call kernel at debug_print_formats.py:8 has block shape (Blocked(block_size=1), Blocked(block_size=2)), array shape (2, 2), and index_map { lambda ; a:i32[]. let  in (a, 0:i32[]) }, in memory space None...
                   out_specs=pl.BlockSpec((1, 2), lambda i: (i, 0)),
                   out_shape=jax.ShapeDtypeStruct((2, 2), jnp.float32), interpret=True)(x)
# [interpret,tpu] expect: step 0 sees [1.5 2. ]
# [interpret,tpu] expect: DONE  0
# [interpret,tpu] expect: step 1 sees [3. 4.]
# [interpret,tpu] expect: DONE  1
