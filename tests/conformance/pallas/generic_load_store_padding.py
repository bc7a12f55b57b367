# SEMANTICS 3.7: pl.load past the end of a ref reads the uninitialised value
# (NaN) for the overhang instead of shifting the window; pl.store drops the
# overhang; plain ref[pl.ds(...)] clamps the window instead. On the chip
# both reads past the end return undefined data (deterministic garbage in
# the model) and the store's overhang is dropped.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def kernel(x_ref, load_ref, clamp_ref, store_ref):
    six = pl.program_id(0) + 6  # a traced start: static ones are checked at trace time
    load_ref[...] = pl.load(x_ref, (pl.ds(six, 4),))  # [tpu] expect error: IndexError: Out-of-bounds read of (0 0 vmem 104): reading [(slice(6, 10, 1),)] but buffer has shape (8,).
    clamp_ref[...] = x_ref[pl.ds(six, 4)]
    store_ref[...] = jnp.zeros_like(store_ref)
    pl.store(store_ref, (pl.ds(six, 4),), jnp.full((4,), 7.0, jnp.float32))

x = jnp.arange(8, dtype=jnp.float32)
a, b, c = pl.pallas_call(
    kernel,
    grid=(1,),
    out_shape=(jax.ShapeDtypeStruct((4,), jnp.float32), jax.ShapeDtypeStruct((4,), jnp.float32),
               jax.ShapeDtypeStruct((8,), jnp.float32)),
    interpret=True,
)(x)
print(a)  # [interpret] expect: [ 6.  7. nan nan]
          # [chip] expect: [  6.      7.    -79.375 -32.375]
print(b)  # [interpret] expect: [4. 5. 6. 7.]
          # [chip] expect: [  6.      7.    -79.375 -32.375]
print(c)  # [interpret,chip] expect: [0. 0. 0. 0. 0. 0. 7. 7.]
