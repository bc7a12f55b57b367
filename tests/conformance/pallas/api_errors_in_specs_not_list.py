# in_specs must be a sequence: JAX's GridSpec checks it when pl.pallas_call
# (or pl.GridSpec) is built, before any call.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def k(x_ref, o_ref):
    o_ref[...] = x_ref[...]

try:
    pl.GridSpec(in_specs=pl.BlockSpec((8,), lambda: (0,)))
except ValueError as e:
    print(str(e).split(" Found")[0])  # expect: `in_specs` must be a tuple or a list.
f = pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((8,), jnp.float32), in_specs=pl.BlockSpec((8,), lambda: (0,)), interpret=True)  # expect error: ValueError: `in_specs` must be a tuple or a list. Found: BlockSpec(block_shape=(8,), index_map=<function <lambda>>, memory_space=None, pipeline_mode=None)
