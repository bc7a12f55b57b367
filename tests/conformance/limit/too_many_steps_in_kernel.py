# rungs-args: --max-steps 100000
# A kernel whose grid never ends (too many steps) is stopped the same way,
# inside the jaxpr interpreter.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def k(o_ref):
    o_ref[...] += 1.0

y = pl.pallas_call(k, grid=(100000000,), out_shape=jax.ShapeDtypeStruct((8,), jnp.float32), interpret=True)()  # expect error: RuntimeError: step limit exceeded: the program ran more than 100000 steps (raise it with --max-steps)
