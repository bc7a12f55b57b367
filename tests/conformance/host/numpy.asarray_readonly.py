# np.asarray of a JAX result is a read-only view of JAX's buffer (JAX
# arrays are immutable); np.array copies it into a writable NumPy array.
import jax.numpy as jnp
import numpy as np

out = jnp.arange(6, dtype=jnp.float32).reshape(2, 3)
ref = np.asarray(out)
print(ref.dtype, type(ref))  # expect: float32 <class 'numpy.ndarray'>
cp = np.array(out)
cp[0, 0] = 10.0
print(cp[0], out[0])  # expect: [10.  1.  2.] [0. 1. 2.]
own = np.zeros(3)
print(np.asarray(own) is own, np.array(own) is own)  # expect: True False
ref[0, 0] = 1.0  # expect error: ValueError: assignment destination is read-only
