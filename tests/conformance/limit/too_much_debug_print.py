# pl.debug_print inside a kernel counts against the same output limit as
# print: the print that would cross it is refused whole.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

LONG = "x" * 2000000

def k(o_ref):
    pl.debug_print(LONG)
    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)

y = pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32), interpret=True)()  # expect error: RuntimeError: output limit exceeded: the program printed more than 1000000 bytes
