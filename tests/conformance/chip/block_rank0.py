# SEMANTICS 5.1 rule 2 / T60: a scalar operand outside SMEM is a rank-0
# block, which the Mosaic lowering refuses (the interpreters run it).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def kernel(s_ref, o_ref):
    o_ref[...] = jnp.full(o_ref.shape, s_ref[...])

s = jnp.float32(3.0)
out = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32))(s)  # [chip] expect error: ValueError: The Pallas TPU lowering currently supports only blocks of rank >= 1. Block spec for args[0] in pallas_call kernel at block_rank0.py:7 has block shape (), array shape (), and index_map { lambda ;...
print(float(out[0, 0]))  # [interpret,tpu] expect: 3.0
