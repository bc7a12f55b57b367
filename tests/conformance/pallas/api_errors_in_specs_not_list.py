import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def k(x_ref, o_ref):
    o_ref[...] = x_ref[...]

x = jnp.zeros((8,), jnp.float32)
f = pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((8,), jnp.float32),
                   in_specs=pl.BlockSpec((8,), lambda: (0,)), interpret=True)
f(x)  # expect error: ValueError: `in_specs` must be a tuple or a list. Found: BlockSpec(block_shape=(8,), index_map=<function <lambda>>, memory_space=None, pipeline_mode=None)
