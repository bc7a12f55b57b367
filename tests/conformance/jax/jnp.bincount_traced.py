# Traced (here under vmap, one row per expert group), bincount needs a
# static length=: without one JAX raises its ConcretizationTypeError naming
# the argument.
import jax
import jax.numpy as jnp

groups = jnp.array([[0, 1], [1, 1]])
print(jax.vmap(lambda e: jnp.bincount(e, length=3))(groups).tolist())  # expect: [[1, 1, 0], [0, 2, 0]]
jax.vmap(lambda e: jnp.bincount(e))(groups)  # expect error: ConcretizationTypeError: Abstract tracer value encountered where concrete value is expected: traced array with shape int32[2]...
