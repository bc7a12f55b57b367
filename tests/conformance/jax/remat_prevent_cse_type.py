# jax.checkpoint's prevent_cse is a bool or a tuple of bools: anything else
# is refused when the decorator is applied, as JAX refuses it.
import jax
import jax.numpy as jnp

f = jax.checkpoint(jnp.sin, prevent_cse=1)  # expect error: TypeError: prevent_cse must be a bool or tuple of bools, got type(prevent_cse)=<class 'int'>
