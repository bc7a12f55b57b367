# jax.ad_checkpoint as splash attention and MaxText import it: checkpoint_name
# tags a value (a pytree too) and returns it unchanged, under grad as well;
# the checkpoint policies are JAX's names, the name-based ones built from
# the names they are given.
import jax
import jax.numpy as jnp
from jax import ad_checkpoint

x = jnp.arange(3.0)
print(ad_checkpoint.checkpoint_name(x, "x"))  # expect: [0. 1. 2.]
tree = ad_checkpoint.checkpoint_name({"a": x, "b": (x * 2, None)}, "tree")
print(tree["a"], tree["b"][0], tree["b"][1])  # expect: [0. 1. 2.] [0. 2. 4.] None


def f(x):
    y = ad_checkpoint.checkpoint_name(jnp.sin(x), "y")
    return jnp.sum(jnp.cos(y))


policy = jax.checkpoint_policies.save_only_these_names("y")
g = jax.grad(jax.checkpoint(f, policy=policy))(x)
print(bool(jnp.allclose(g, -jnp.sin(jnp.sin(x)) * jnp.cos(x))))  # expect: True
print(ad_checkpoint.checkpoint_policies is jax.checkpoint_policies)  # expect: True
print(sorted(policy.saveable_names))  # expect: ['y']
p = jax.checkpoint_policies
print(p.everything_saveable(), p.nothing_saveable(), p.dots_saveable is p.checkpoint_dots)  # expect: True False True
both = p.save_from_both_policies(p.nothing_saveable, p.everything_saveable)
print(both("mul"))  # expect: True
print(ad_checkpoint.Recompute, ad_checkpoint.Saveable)  # expect: Recompute Saveable
p.save_and_offload_only_these_names(names_which_can_be_saved=["a"], names_which_can_be_offloaded=["a"], offload_src="device", offload_dst="pinned_host")  # expect error: ValueError: The names should be exclusive and should not intersect in `names_which_can_be_saved` and `names_which_can_be_offloaded`. Got names_which_can_be_saved={'a'}, names_which_can_be_offloaded={'a'} and the intersection={'a'}
