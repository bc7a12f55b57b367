# SEMANTICS 5.1 rule 4: the last two block dims must be divisible by 8 and
# 128 or equal the array's (dtype-independent); the message ends with JAX's
# "details" (origin, fn_src, block shape, array shape, index map jaxpr,
# memory space, docs link).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0

x = jnp.zeros((16, 128), jnp.float32)
out = pl.pallas_call(  # [chip] expect error: ValueError: The Pallas TPU lowering currently requires that the last two dimensions of your block shape are divisible by 8 and 128 respectively, or be equal to the respective dimensions of the overall array. Block spec for args[0] in pallas_call kernel at block_tiling.py:9 has block shape (Blocked(block_size=4), Blocked(block_size=128)), array shape (16, 128), and index_map { lambda ; a:i32[]. let  in (a, 0:i32[]) }, in memory space None...
    kernel,
    grid=(4,),
    in_specs=[pl.BlockSpec((4, 128), lambda i: (i, 0))],
    out_specs=pl.BlockSpec((4, 128), lambda i: (i, 0)),
    out_shape=jax.ShapeDtypeStruct((16, 128), jnp.float32),
)(x)
print(float(out.sum()))  # [interpret,tpu] expect: 2048.0
