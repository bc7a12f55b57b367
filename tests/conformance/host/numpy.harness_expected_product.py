# Expected outputs built index by index, as JAX's Pallas tests do: an
# np.zeros buffer written at tuple indices from itertools.product with
# slices of a JAX array; the buffer keeps its dtype, and row views see the
# writes.
import itertools
import jax.numpy as jnp
import numpy as np

x = jnp.arange(32, dtype=jnp.int32).reshape(2, 16)
expected = np.zeros((2, 2, 16), dtype=np.int32)
first = expected[0]
for idx in itertools.product(range(2), range(2)):
    expected[idx] = x[idx[1]] * (idx[0] + 1)
print(expected.dtype, expected[1, 1, :4].tolist())  # expect: int32 [32, 34, 36, 38]
print(first[1, -1], first.base is expected)  # expect: 31 True
np.testing.assert_array_equal(expected[0], np.asarray(x))
np.testing.assert_array_equal(expected[1], 2 * np.asarray(x))
with np.printoptions(precision=2, suppress=True):
    print(np.array([0.123456, 1e-8]))  # expect: [0.12 0.  ]
print(np.array([0.123456, 1e-8]))  # expect: [1.23456e-01 1.00000e-08]
print(np.get_printoptions()["precision"])  # expect: 8
