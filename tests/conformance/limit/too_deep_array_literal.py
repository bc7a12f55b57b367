# A list inside itself has no array shape: RecursionError, not a native
# stack overflow while jnp.array looks for the shape.
import jax.numpy as jnp
a = []
a.append(a)
x = jnp.array(a)  # expect error: RecursionError: maximum recursion depth exceeded
