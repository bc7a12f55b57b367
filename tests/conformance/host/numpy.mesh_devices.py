# The device mesh published sharding code builds: np.array(jax.devices())
# is an object array, reshaped into the mesh's shape and handed to Mesh.
import numpy as np
import jax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

devices = np.array(jax.devices())
print(devices.shape, devices.ndim, devices.size)  # expect: (1,) 1 1
grid = devices.reshape(1, -1)
print(grid.shape)  # expect: (1, 1)
mesh = Mesh(grid, ("data", "model"))
print(mesh.shape)  # expect: {'data': 1, 'model': 1}
x = jax.device_put(np.arange(8.0).reshape(2, 4), NamedSharding(mesh, P("data", None)))
print(x.dtype, x.shape)  # expect: float32 (2, 4)
