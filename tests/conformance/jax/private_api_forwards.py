# Kernel files that import JAX's private modules for public functions:
# jax._src.api.jit, jax._src.shard_map.shard_map, jax._src.lax, and the
# installed version from importlib.metadata.
import importlib.metadata
import jax
import jax.numpy as jnp
from jax._src import api
from jax._src import lax as src_lax
from jax._src import shard_map
from jax.sharding import PartitionSpec as P

print(api.jit is jax.jit, api.vmap is jax.vmap, src_lax is jax.lax)  # expect: True True True
print(importlib.metadata.version("jax") == jax.__version__)  # expect: True


@api.jit
def double(x):
    return x * 2


print(double(jnp.arange(4)))  # expect: [0 2 4 6]
mesh = jax.make_mesh((1,), ("x",))
f = shard_map.shard_map(lambda x: x + 1, mesh=mesh, in_specs=P("x"), out_specs=P("x"))
print(f(jnp.arange(4.0)))  # expect: [1. 2. 3. 4.]
importlib.metadata.version("tpu-inference")  # expect error: PackageNotFoundError: No package metadata was found for tpu-inference
