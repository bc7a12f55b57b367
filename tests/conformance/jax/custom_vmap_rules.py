# jax.custom_batching.custom_vmap: called directly the function runs; under
# jax.vmap its rule runs once on the stacked examples (axis_size, which
# arguments are batched) and says which outputs are batched.
# sequential_vmap maps the function over the examples one by one.
import jax
import jax.numpy as jnp
from jax.custom_batching import custom_vmap, sequential_vmap


@custom_vmap
def f(x, y):
    return jnp.sin(x) * y


@f.def_vmap
def f_vmap_rule(axis_size, in_batched, xs, ys):
    print("rule", axis_size, in_batched, xs.shape, getattr(ys, "shape", ys))
    return jnp.cos(xs) * ys, in_batched[0] or in_batched[1]


print(f(jnp.zeros(()), 2.0))  # expect: 0.0
xs = jnp.zeros(3)
print(jax.vmap(f)(xs, jnp.ones(3)))
# expect: rule 3 [True, True] (3,) (3,)
# expect: [1. 1. 1.]
print(jax.vmap(f, in_axes=(0, None))(xs, jnp.float32(5.0)))
# expect: rule 3 [True, False] (3,) ()
# expect: [5. 5. 5.]
print(jax.vmap(jax.vmap(f))(jnp.zeros((2, 3)), jnp.ones((2, 3))).shape)
# expect: rule 3 [True, True] (3,) (3,)
# expect: (2, 3)


@sequential_vmap
def g(x, table):
    # One example at a time: x is a scalar, the unbatched table whole.
    return x + table[0]


print(jax.vmap(g, in_axes=(0, None))(jnp.arange(3.0), jnp.ones(4)))  # expect: [1. 2. 3.]


@custom_vmap
def h(x):
    return x


print(h(jnp.ones(2)))  # expect error: AttributeError: No batching rule defined for custom_vmap function h using def_vmap.
