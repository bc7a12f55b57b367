# rungs-args: --devices 8
# A 2 x 4 mesh ("rows", "cols"): collectives over one axis, over both, and
# a spec that splits one array dim over two mesh axes.
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("rows", "cols"))
print(mesh.shape["rows"], mesh.shape["cols"], mesh.size)  # expect: 2 4 8
x = jnp.arange(32.0).reshape(4, 8)

def ids(a):
    return jnp.full((1, 1), lax.axis_index(("rows", "cols")), jnp.int32)

print(jax.shard_map(ids, mesh=mesh, in_specs=P("rows", "cols"), out_specs=P("rows", "cols"))(x))
# expect: [[0 1 2 3]
# expect:  [4 5 6 7]]
col_sums = jax.shard_map(lambda a: lax.psum(a, "rows"), mesh=mesh, in_specs=P("rows", "cols"), out_specs=P(None, "cols"))(x)
print(col_sums)
# expect: [[16. 18. 20. 22. 24. 26. 28. 30.]
# expect:  [32. 34. 36. 38. 40. 42. 44. 46.]]
total = jax.shard_map(lambda a: lax.psum(jnp.sum(a), ("rows", "cols")), mesh=mesh, in_specs=P("rows", "cols"), out_specs=P())(x)
print(total, float(jnp.sum(x)))  # expect: 496.0 496.0
flat = jax.shard_map(lambda a: a * 0 + lax.axis_index(("rows", "cols")), mesh=mesh, in_specs=P(("rows", "cols")), out_specs=P(("rows", "cols")))(jnp.zeros(16))
print(flat)  # expect: [0. 0. 1. 1. 2. 2. 3. 3. 4. 4. 5. 5. 6. 6. 7. 7.]
g = jax.shard_map(lambda a: lax.all_gather(a, "cols", axis=1, tiled=True), mesh=mesh, in_specs=P("rows", "cols"), out_specs=P("rows"))(x)
print(bool(jnp.array_equal(g, x)))  # expect: True
