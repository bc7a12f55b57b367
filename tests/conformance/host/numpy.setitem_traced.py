# Writing a traced value into a NumPy array (here under vmap, which traces its
# function): NumPy asks the tracer for its values (__array__), which JAX
# refuses.
import jax
import jax.numpy as jnp
import numpy as np


def fill(x):
    buf = np.zeros(3, dtype=np.float32)
    buf[0] = x  # expect error: TracerArrayConversionError: The numpy.ndarray conversion method __array__() was called on traced array with shape float32[]...
    return buf


jax.vmap(fill)(jnp.arange(4.0))
