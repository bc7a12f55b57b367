# SEMANTICS T43: a None block dim is squeezed out of the kernel's ref. The
# chip counts a squeezed dim as 1, so (None, 4) of a (2, 4) array breaks the
# (8, 128) rule (SEMANTICS 5.1).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def add_kernel(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...] + y_ref[...]

xy = jnp.arange(8.).reshape(2, 4)
out = pl.pallas_call(  # [chip] expect error: ValueError: The Pallas TPU lowering currently requires that the last two dimensions of your block shape are divisible by 8 and 128 respectively, or be equal to the respective dimensions of the overall array. Block spec for args[0] in pallas_call add_kernel at t43_squeezed_block_dims.py:8 has block shape (Squeezed(), Blocked(block_size=4)), array shape (2, 4), and index_map ...
    add_kernel,
    out_shape=jax.ShapeDtypeStruct((4,), jnp.float32),
    in_specs=[pl.BlockSpec((None, 4), lambda _: (0, 0)),
              pl.BlockSpec((None, 4), lambda _: (1, 0))],
    grid=1,
    interpret=True,
)(xy, xy)
print(out)  # [interpret,tpu] expect: [ 4.  6.  8. 10.]
