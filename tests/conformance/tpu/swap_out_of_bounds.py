# SEMANTICS 4.3/4.6: a plain ref store (swap) entirely past the buffer is a
# ValueError naming it; one only partly past the end trips an internal
# assert in JAX (AssertionError with no message), kept as is. Rung 1
# clamps the window back into the ref. The chip does not check bounds: the
# part inside the ref is written and the rest is dropped (the model's
# choice for undefined behaviour).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def make_kernel(offset):
    def kernel(o_ref):
        o_ref[...] = jnp.zeros_like(o_ref)
        o_ref[pl.ds(pl.program_id(0) + offset, 4)] = jnp.ones((4,), jnp.float32)
    return kernel

for offset in (6, 8):
    try:
        out = pl.pallas_call(
            make_kernel(offset),
            grid=(1,),
            out_shape=jax.ShapeDtypeStruct((8,), jnp.float32),
            interpret=pltpu.InterpretParams(),
        )()
        print(offset, out)
    except (AssertionError, ValueError) as e:
        print(offset, type(e).__name__, repr(str(e)))
# [tpu] expect: 6 AssertionError ''
# [tpu] expect: 8 ValueError 'Out-of-bounds swap of (0 0 vmem 101): swapping [(slice(8, 12, 1),)] but buffer has shape (8,) .'
# [interpret] expect: 6 [0. 0. 0. 0. 1. 1. 1. 1.]
# [interpret] expect: 8 [0. 0. 0. 0. 1. 1. 1. 1.]
# [chip] expect: 6 [0. 0. 0. 0. 0. 0. 1. 1.]
# [chip] expect: 8 [0. 0. 0. 0. 0. 0. 0. 0.]
