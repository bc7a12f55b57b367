# The headline case of seed 001: an index map one block past the end raises
# nothing on rung 1; the clamped dynamic_slice re-reads the last block, so
# half the output duplicates the other half. Rung 2 raises; on the chip the
# window past the end is undefined data (deterministic garbage in the model).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def copy_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]

x = jnp.arange(16 * 128, dtype=jnp.float32).reshape(16, 128)
out = pl.pallas_call(  # [tpu] expect error: IndexError: Out-of-bounds block index (2, 0) for input "x_ref" in iteration (1,) on device 0 (core 0): reading [(slice(16, 24, 1), slice(0, 128, 1))] but input has shape (16, 128).
    copy_kernel,
    grid=(2,),
    in_specs=[pl.BlockSpec((8, 128), lambda i: (i + 1, 0))],
    out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
    out_shape=jax.ShapeDtypeStruct((16, 128), jnp.float32),
    interpret=True,
)(x)
print(bool(jnp.all(jnp.isfinite(out))))  # [interpret,chip] expect: True
print(bool(jnp.array_equal(out[:8], out[8:])))  # [interpret] expect: True
                                                # [chip] expect: False
print(bool(jnp.array_equal(out[:8], x[8:])))  # [interpret,chip] expect: True
