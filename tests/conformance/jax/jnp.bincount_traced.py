# Under jit, bincount needs a static length=: without one JAX raises its
# ConcretizationTypeError naming the argument.
import jax
import jax.numpy as jnp

jax.jit(lambda e: jnp.bincount(e))(jnp.array([0, 1]))  # expect error: ConcretizationTypeError: Abstract tracer value encountered where concrete value is expected: traced array with shape int32[2]....
