# lax helpers that harnesses wrap around kernels: lax.map (a scan over the
# leading axis, batch_size= vmaps chunks), optimization_barrier and
# with_sharding_constraint (values unchanged on one device), split,
# collapse, sort_key_val, cumlogsumexp.
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

rows = jnp.arange(6.0).reshape(3, 2)
print(lax.map(lambda r: r.sum(), rows))  # expect: [1. 5. 9.]
print(lax.map(lambda r: r * 2, jnp.arange(5), batch_size=2))  # expect: [0 2 4 6 8]
print(lax.map(lambda p: p[0] + p[1], (jnp.arange(3), jnp.ones(3, jnp.int32))))  # expect: [1 2 3]
a, b = lax.optimization_barrier((rows, jnp.int32(7)))
print(a.shape, b)  # expect: (3, 2) 7
print(lax.with_sharding_constraint(rows, P()).sum())  # expect: 15.0
print([p.shape for p in lax.split(jnp.zeros((6, 4)), [1, 2, 3])])  # expect: [(1, 4), (2, 4), (3, 4)]
print(lax.collapse(jnp.zeros((2, 3, 4)), 1).shape, lax.collapse(jnp.zeros((2, 3, 4)), 0, 2).shape)  # expect: (2, 12) (6, 4)
k, v = lax.sort_key_val(jnp.array([3, 1, 2, 1]), jnp.array([30.0, 10.0, 20.0, 11.0]))
print(k, v)  # expect: [1 1 2 3] [10. 11. 20. 30.]
print(lax.cumlogsumexp(jnp.zeros(4)), lax.cumlogsumexp(jnp.zeros(3), reverse=True))  # expect: [0.        0.6931472 1.0986123 1.3862944] [1.0986123 0.6931472 0.       ]
lax.split(jnp.zeros(5), [2, 2])  # expect error: ValueError: Sum of sizes 4 must be equal to dimension 0 of the operand shape [5]
