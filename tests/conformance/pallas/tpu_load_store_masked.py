# pltpu.load / pltpu.store take the whole ref and a keyword-only mask (no
# index), as ragged paged attention's masked_store writes only the rows of
# the current sequence.
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def masked_double_kernel(x_ref, o_ref):
    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)
    rows = lax.broadcasted_iota(jnp.int32, o_ref.shape, 0)
    pltpu.store(o_ref, pltpu.load(x_ref) * 2.0, mask=rows < 4)

x = jnp.ones((8, 128), jnp.float32)
out = pl.pallas_call(masked_double_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True)(x)
print(out[3, 0], out[4, 0], out.sum())  # expect: 2.0 0.0 1024.0
