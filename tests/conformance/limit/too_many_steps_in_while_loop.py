# rungs-args: --max-steps 100000
# A lax.while_loop whose condition never turns false, inside a kernel, is
# stopped by the step budget inside the jaxpr interpreter.
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl

def k(o_ref):
    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype) + lax.while_loop(lambda c: c >= 0, lambda c: c + 1, 0)

y = pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.int32), interpret=True)()  # expect error: RuntimeError: step limit exceeded: the program ran more than 100000 steps (raise it with --max-steps)
