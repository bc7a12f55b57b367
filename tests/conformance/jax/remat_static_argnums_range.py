# jax.checkpoint's static_argnums must index the call's arguments: checked
# when the rematted function is called, with JAX's text.
import functools
import jax
import jax.numpy as jnp


@functools.partial(jax.checkpoint, static_argnums=(2,))
def f(x, y):
    return x + y


print(f(jnp.ones(2), jnp.ones(2)))  # expect error: ValueError: the `static_argnums` argument to `jax.checkpoint` / `jax.remat` can only take integer values greater than or equal to `-len(args)` and less than `len(args)`, but got (2,), while `len(args)` = 2
