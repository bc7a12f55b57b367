# np.asarray of a JAX result is read-only, and so is every view taken from
# it; writing through a row view is refused like writing the array itself.
import jax.numpy as jnp
import numpy as np

out = jnp.arange(8, dtype=jnp.float32).reshape(2, 4)
host = np.asarray(out)
row = host[1]
print(host.flags.writeable, row.flags.writeable, host.T.flags['WRITEABLE'])  # expect: False False False
print(row.tolist(), row.dtype)  # expect: [4.0, 5.0, 6.0, 7.0] float32
fixed = host.copy()
fixed[1, 0] = -1
print(fixed.flags.writeable, fixed[1, :2].tolist(), host[1, 0])  # expect: True [-1.0, 5.0] 4.0
row[0] = 0.0  # expect error: ValueError: assignment destination is read-only
