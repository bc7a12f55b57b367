# Custom pytree nodes as model and kernel code registers them: a class with
# tree_flatten/tree_unflatten, a dataclass with a static field, and
# jax.tree_util.Partial; each flows through tree_map, jit, grad and vmap.
import dataclasses
import functools

import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
class Interval:
    def __init__(self, lo, hi, label="span"):
        self.lo, self.hi, self.label = lo, hi, label

    def tree_flatten(self):
        return (self.lo, self.hi), self.label

    @classmethod
    def tree_unflatten(cls, label, children):
        return cls(*children, label=label)


span = Interval(jnp.zeros(2), jnp.ones(2), "unit")
wider = jax.tree_util.tree_map(lambda x: x * 2 + 1, span)
print(type(wider).__name__, wider.label, wider.lo, wider.hi)  # expect: Interval unit [1. 1.] [3. 3.]
print(jax.jit(lambda iv: iv.hi - iv.lo)(span))  # expect: [1. 1.]
print(jax.vmap(lambda iv: iv.hi + iv.lo)(Interval(jnp.ones((3, 2)), jnp.ones((3, 2)))).shape)  # expect: (3, 2)


@functools.partial(jax.tree_util.register_dataclass, data_fields=["w", "b"], meta_fields=["act"])
@dataclasses.dataclass
class Dense:
    w: jax.Array
    b: jax.Array
    act: str


layer = Dense(jnp.ones((2, 2)), jnp.zeros(2), "relu")
print(len(jax.tree_util.tree_leaves(layer)))  # expect: 2
grads = jax.grad(lambda p: jnp.sum(p.w * 3.0 + p.b))(layer)
print(grads.w[0], grads.b, grads.act)  # expect: [3. 3.] [2. 2.] relu


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class BlockConfig:
    scale: jax.Array
    block: int = dataclasses.field(default=128, metadata=dict(static=True))


leaves, treedef = jax.tree_util.tree_flatten(BlockConfig(jnp.float32(2.0)))
rebuilt = jax.tree_util.tree_unflatten(treedef, [jnp.float32(5.0)])
print(leaves, rebuilt.block, rebuilt.scale)  # expect: [Array(2., dtype=float32)] 128 5.0
scale_by = jax.tree_util.Partial(lambda a, x: a * x, jnp.float32(3.0))
print(jax.tree_util.tree_leaves(scale_by), scale_by(2.0))  # expect: [Array(3., dtype=float32)] 6.0
jax.tree_util.register_dataclass(int)  # expect error: TypeError: register_dataclass: data_fields and meta_fields are required when nodetype is not a dataclass. Got nodetype=<class 'int'>
