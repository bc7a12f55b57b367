# jax.vmap over lax.sort of several operands, some unbatched: JAX's
# batching rule broadcasts the unbatched operands along the batch axis and
# sorts every example along the shifted dimension; argsort (a two-operand
# sort of values and an iota) vmaps the same way.
import jax
import jax.numpy as jnp
from jax import lax

keys = jnp.array([[3, 1, 2], [1, 2, 3], [2, 3, 1]])
labels = jnp.array([10.0, 20.0, 30.0])


def by_key(k, v):
    return lax.sort((k, v), num_keys=1)


sk, sv = jax.vmap(by_key, in_axes=(0, None))(keys, labels)
print(sk.tolist())  # expect: [[1, 2, 3], [1, 2, 3], [1, 2, 3]]
print(sv.tolist())  # expect: [[20.0, 30.0, 10.0], [10.0, 20.0, 30.0], [30.0, 10.0, 20.0]]
_, sk2 = jax.vmap(lambda v, k: lax.sort((v, k), num_keys=1), in_axes=(None, 0))(jnp.array([2, 0, 1]), keys)
print(sk2.tolist())  # expect: [[1, 2, 3], [2, 3, 1], [3, 1, 2]]
print(jax.vmap(jnp.argsort)(keys).tolist())  # expect: [[1, 2, 0], [0, 1, 2], [2, 0, 1]]
print(jax.vmap(lambda r: jnp.argsort(r, descending=True))(jnp.array([[1, 3, 3], [2, 2, 0]])).tolist())  # expect: [[1, 2, 0], [0, 1, 2]]
k3, a3, b3 = jax.vmap(lambda k: lax.sort((k, jnp.arange(3), labels), num_keys=1), in_axes=1)(keys)
print(k3.tolist(), a3.tolist())  # expect: [[1, 2, 3], [1, 2, 3], [1, 2, 3]] [[1, 2, 0], [0, 1, 2], [2, 0, 1]]
lax.sort((jnp.ones(3), jnp.ones(4)))  # expect error: TypeError: Arguments to sort must have equal shapes, got: (3,) (4,)
