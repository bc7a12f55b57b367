# SEMANTICS 6.1 / 8: debug=True prints the kernel's jaxpr on rung 1 and
# nothing at all in TPU interpret mode.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1

out = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct((8,), jnp.float32),
    debug=True,
    interpret=pltpu.InterpretParams(),
)(jnp.zeros((8,), jnp.float32))
# [interpret] expect:
# [interpret] expect: Jaxpr of the kernel in pallas_call kernel at debug_prints_nothing.py:8:
# [interpret] expect: { lambda ; a:f32[8] b:f32[8]. let
# [interpret] expect:     c:f32[8] = add a 1.0:f32[]
# [interpret] expect:   in (a, c) }
print(out)  # expect: [1. 1. 1. 1. 1. 1. 1. 1.]
