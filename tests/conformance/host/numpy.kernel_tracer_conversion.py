# NumPy inside a kernel body: NumPy converts its argument with __array__,
# which JAX refuses for a traced block (TracerArrayConversionError), so a
# kernel that reaches for np.sum instead of jnp.sum fails on that line.
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def row_sum_kernel(x_ref, o_ref):
    o_ref[...] = np.sum(x_ref[...], axis=-1, keepdims=True)  # expect error: TracerArrayConversionError: The numpy.ndarray conversion method __array__() was called on traced array with shape float32[8,128]...

x = np.ones((8, 128), np.float32)
pl.pallas_call(
    row_sum_kernel,
    out_shape=jax.ShapeDtypeStruct((8, 1), jnp.float32),
    interpret=True,
)(x)
