import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def k(x_ref, o_ref):
    o_ref[...] = x_ref[...]

def my_index_map(i):
    return (i, 0)

x = jnp.zeros((8,), jnp.float32)
f = pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((8,), jnp.float32), grid=(1,),
                   in_specs=[pl.BlockSpec((8,), my_index_map)], interpret=True)
f(x)  # expect error: ValueError: Index map function my_index_map at api_errors_index_map_count.py:8 for args[0] must return 1 values to match block_shape=(8,). Currently returning 2 values:
