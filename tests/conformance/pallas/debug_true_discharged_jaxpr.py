# SEMANTICS 3.12: debug=True on rung 1 prints the header and the discharged
# (pure) kernel jaxpr; rung 2 prints nothing.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def add_one(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0

y = pl.pallas_call(add_one, out_shape=jax.ShapeDtypeStruct((8,), jnp.float32), interpret=True, debug=True)(jnp.zeros(8))
# [interpret] expect: 
# [interpret] expect: Jaxpr of the kernel in pallas_call add_one at debug_true_discharged_jaxpr.py:7:
# [interpret] expect: { lambda ; a:f32[8] b:f32[8]. let
# [interpret] expect:     c:f32[8] = add a 1.0:f32[]
# [interpret] expect:   in (a, c) }
