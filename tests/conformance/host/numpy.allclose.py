import numpy as np
import jax.numpy as jnp
print(np.allclose(jnp.ones(3), np.ones(3)))  # expect: True
print(np.allclose([1.0, 2.0], [1.0, 2.1]))  # expect: False
print(np.array_equal(np.arange(3), [0, 1, 2]))  # expect: True
print(np.sum([1, 2, 3]), np.pi)  # expect: 6 3.141592653589793
