# Indexing a ref with an integer array (a gather) is refused by the TPU
# lowering; TPU interpret mode refuses it at run time with its own text; the
# generic interpreter gathers.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def kernel(x_ref, i_ref, o_ref):
    o_ref[...] = x_ref[i_ref[...]]  # [chip] expect error: ValueError: Cannot do int indexing on TPU  # [tpu] expect error: ValueError: Advanced indexers are not supported on TPU

x = jnp.arange(8 * 128, dtype=jnp.float32).reshape(8, 128)
idx = jnp.array([7, 6, 5, 4, 3, 2, 1, 0], jnp.int32)
out = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
)(x, idx)
print(float(out[0, 0]))  # [interpret] expect: 896.0
