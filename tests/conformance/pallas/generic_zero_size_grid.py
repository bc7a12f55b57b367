# SEMANTICS 3.4: a grid with a zero-size dimension runs no iterations; the
# output keeps its initial (uninitialised) contents: NaN in the
# interpreters, stale garbage on the chip (deterministic in the model).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def kernel(o_ref):
    o_ref[...] = jnp.ones_like(o_ref)

y = pl.pallas_call(kernel, grid=(0,), out_shape=jax.ShapeDtypeStruct((4,), jnp.float32), interpret=True)()
print(y)  # [interpret,tpu] expect: [nan nan nan nan]
          # [chip] expect: [ 27.25   92.    -70.5    34.375]
