# NumPy arrays take item assignment in place, the way JAX's TPU matmul guide
# builds a blocked reference result (z[rows, cols] += block); every name bound
# to the array sees the change. jax arrays refuse it.
import numpy as np
import jax.numpy as jnp

z = np.zeros((4, 4), dtype=np.float32)
same = z
for i in range(2):
    rows = slice(i * 2, (i + 1) * 2)
    z[rows, rows] += np.ones((2, 2), dtype=np.float32) * (i + 1)
print(z[0, 0], z[3, 3], z[0, 3])  # expect: 1.0 2.0 0.0
print(same[3, 3])  # expect: 2.0
z[1] = 7
print(z[1])  # expect: [7. 7. 7. 7.]
before = z[2]
z[2, :] = np.arange(4)
print(before, z[2])  # expect: [0. 1. 2. 3.] [0. 1. 2. 3.]
v = np.arange(5)
v[::2] = -1
print(v)  # expect: [-1  1 -1  3 -1]
j = jnp.zeros(3)
j[0] = 1.0  # expect error: TypeError: '<class 'jaxlib._jax.ArrayImpl'>' object does not support item assignment. JAX arrays are immutable. Instead of ``x[idx] = y``, use ``x = x.at[idx].set(y)`` or another .at[] method: https://docs.jax.dev/en/latest/_autosummary/jax.numpy.ndarray.at.html
