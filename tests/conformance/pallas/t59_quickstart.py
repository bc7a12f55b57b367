# SEMANTICS T59: the Pallas quickstart's add_vectors and iota. The chip
# refuses iota's scalar store into VMEM; the quickstart's TPU version puts
# the output in SMEM for that reason.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def add_vectors_kernel(x_ref, y_ref, o_ref):
    x, y = x_ref[...], y_ref[...]
    o_ref[...] = x + y

@jax.jit
def add_vectors(x, y):
    return pl.pallas_call(add_vectors_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True)(x, y)

print(add_vectors(jnp.arange(8), jnp.arange(8)))  # expect: [ 0  2  4  6  8 10 12 14]

def iota_kernel(o_ref):
    i = pl.program_id(0)
    o_ref[i] = i  # [chip] expect error: ValueError: Cannot store scalars to VMEM

def iota(size):
    return pl.pallas_call(iota_kernel, out_shape=jax.ShapeDtypeStruct((size,), jnp.int32), grid=(size,), interpret=True)()

print(iota(8))  # [interpret,tpu] expect: [0 1 2 3 4 5 6 7]
