# jax.tree_util and jax.tree over the pytrees kernel wrappers build: dicts
# (keys sorted), None as an empty subtree, named tuples as nodes.
from typing import NamedTuple

import jax
import jax.numpy as jnp


class Residuals(NamedTuple):
    m: jax.Array
    l: jax.Array


params = {"w": jnp.ones((2,)), "b": (jnp.zeros(()), None, [jnp.arange(2)])}
print(jax.tree_util.tree_leaves(params))  # expect: [Array(0., dtype=float32), Array([0, 1], dtype=int32), Array([1., 1.], dtype=float32)]
leaves, treedef = jax.tree_util.tree_flatten(params)
print(treedef, treedef.num_leaves)  # expect: PyTreeDef({'b': (*, None, [*]), 'w': *}) 3
print(jax.tree_util.tree_unflatten(treedef, [1, 2, 3]))  # expect: {'b': (1, None, [2]), 'w': 3}
res = Residuals(jnp.full((2,), -1.0, jnp.float32), jnp.ones((2,)))
print(jax.tree.map(lambda t: t * 2, res))  # expect: Residuals(m=Array([-2., -2.], dtype=float32), l=Array([2., 2.], dtype=float32))
print(jax.tree.structure(res))  # expect: PyTreeDef(CustomNode(namedtuple[Residuals], [*, *]))
print(jax.tree.map(lambda a, b: a + b, (1, [2]), (10, [20])))  # expect: (11, [22])
print(treedef.unflatten(leaves)["w"], jax.tree.leaves(None), jax.tree.structure(3))  # expect: [1. 1.] [] PyTreeDef(*)
jax.tree_util.tree_unflatten(treedef, [1, 2])  # expect error: ValueError: Too few leaves for PyTreeDef; expected 3, got 2
