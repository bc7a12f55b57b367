# What jax.grad refuses, in JAX's words: a non-scalar output, integer
# inputs, an aux output that is not a pair, a missing positional argument,
# and reverse mode through a while loop.
import jax
import jax.numpy as jnp
from jax import lax

x = jnp.arange(3, dtype=jnp.float32)
attempts = [
    lambda: jax.grad(lambda v: v * 2)(x),
    lambda: jax.grad(lambda v: jnp.sum(v * 2))(jnp.arange(3)),
    lambda: jax.grad(lambda v: jnp.sum(v), has_aux=True)(x),
    lambda: jax.grad(lambda a, b: jnp.sum(a * b), argnums=1)(x),
    lambda: jax.grad(lambda v: lax.while_loop(lambda c: c[1] < 3, lambda c: (c[0] * 2, c[1] + 1), (jnp.sum(v), 0))[0])(x),
]
for attempt in attempts:
    try:
        attempt()
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", str(e)[:70])
# expect: TypeError: Gradient only defined for scalar-output functions. Output had shape: (
# expect: TypeError: grad requires real- or complex-valued inputs (input dtype that is a su
# expect: TypeError: expected function with aux output to return a two-element tuple, but g
# expect: TypeError: differentiating with respect to argnums=1 requires at least 2 position
# expect: ValueError: Reverse-mode differentiation does not work for lax.while_loop or lax.f

# The pull-back of jax.vjp checks its cotangent against the output.
out, pull = jax.vjp(lambda v: v * 2, x)
try:
    pull(1.0)
except ValueError as e:
    print(e)  # expect: unexpected JAX type (e.g. shape/dtype) for argument to VJP function: got float32[], but expected float32[3] because the corresponding output of the differentiated function had JAX type float32[3]
pull((x,))  # expect error: ValueError: unexpected tree structure....
