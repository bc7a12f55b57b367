from jax import lax
import jax.numpy as jnp
grow = lambda c: jnp.concatenate([c, jnp.ones(1)])
lax.while_loop(lambda c: c.sum() < 3.0, grow, jnp.zeros(1))  # expect error: TypeError: while_loop body function carry input and carry output must have equal types, but they differ:...
