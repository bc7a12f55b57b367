# SEMANTICS 5.1 rule 3: an ANY (HBM) operand must be the whole array with
# an index map of zeros. JAX joins the sentence and the details without a
# space. TPU interpret mode compares only the kernel's buffer with the
# block, so it runs (the kernel never touches the ANY ref).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def kernel(x_hbm, o_ref):
    o_ref[...] = jnp.ones_like(o_ref)

x = jnp.zeros((16, 128), jnp.float32)
out = pl.pallas_call(  # [chip] expect error: ValueError: The Pallas TPU lowering currently supports in memory space ANY only blocks having the same block shape as the array shape and a trivial index_map (returning all 0s).Block spec for args[0] in pallas_call kernel at block_any_window.py:9 has block shape (Blocked(block_size=8), Blocked(block_size=128)), array shape (16, 128), and index_map { lambda ; a:i32[]. let  in (a, 0:i32[]) }, in memory space <MemorySpace.ANY: 'any'>...
    kernel,
    grid=(2,),
    in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0), memory_space=pl.ANY)],
    out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
    out_shape=jax.ShapeDtypeStruct((16, 128), jnp.float32),
)(x)
print(float(out.sum()))  # [interpret,tpu] expect: 2048.0
