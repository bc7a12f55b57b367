# A multi-device benchmark assembles its global inputs from per-device
# pieces (jax.make_array_from_single_device_arrays), one per local device
# in jax.local_devices() order: row blocks of a sharded token batch and a
# replicated weight.
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

devices = jax.local_devices()
n = len(devices)
mesh = jax.make_mesh((n,), ("ep",))
rows = 4 * n
tokens = jnp.arange(rows * 8, dtype=jnp.float32).reshape(rows, 8)
pieces = [tokens[4 * i:4 * (i + 1)] for i in range(n)]
sharded = jax.make_array_from_single_device_arrays((rows, 8), NamedSharding(mesh, P("ep", None)), pieces)
print(bool((sharded == tokens).all()), sharded.sharding.spec)  # expect: True P('ep', None)
weight = jnp.ones((8, 2), jnp.bfloat16)
replicated = jax.make_array_from_single_device_arrays(weight.shape, NamedSharding(mesh, P()), [weight] * n)
print(replicated.dtype, float((sharded @ replicated.astype(jnp.float32)).sum()) == float(tokens.sum()) * 2)  # expect: bfloat16 True
jax.make_array_from_single_device_arrays((rows + n, 8), NamedSharding(mesh, P("ep", None)), pieces)  # expect error: ValueError: Expected shard shape (5, 8) doesn't match the single device array shape (4, 8). Shape of Array is float32[...
