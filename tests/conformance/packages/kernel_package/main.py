# A kernel library imported as a package: its modules import each other
# with relative imports, and the program calls the kernel it re-exports.
import jax.numpy as jnp
import numpy as np

import kernels
from kernels import scaled_add
from kernels.tuning import block_rows

x = jnp.arange(16 * 128, dtype=jnp.float32).reshape(16, 128)
y = jnp.ones((16, 128), jnp.float32)
out = scaled_add(x, y, alpha=0.5)
np.testing.assert_allclose(np.asarray(out), np.asarray(x) * 0.5 + 1)
print(out[3, :4])  # expect: [193.  193.5 194.  194.5]
print(block_rows(12), block_rows(7, preferred=4))  # expect: 6 1
print(kernels.__name__, kernels.scaled_add.__name__)  # expect: kernels scaled_add
print(sorted(k for k in vars(kernels) if not k.startswith("__")))  # expect: ['scaled_add', 'tuning']
