# A jax.custom_jvp rule is the one differentiation uses, in forward mode
# and (transposed) in reverse mode: a numerically safe softplus whose plain
# formula overflows, and a rule that differs from the true derivative on
# purpose, so the result shows which one ran. jax.checkpoint keeps values.
import functools

import jax
import jax.numpy as jnp


@jax.custom_jvp
def softplus(x):
    return jnp.log1p(jnp.exp(x))


@softplus.defjvp
def softplus_jvp(primals, tangents):
    (x,), (x_dot,) = primals, tangents
    return softplus(x), x_dot * jax.nn.sigmoid(x)


x = jnp.array([-2.0, 0.0, 3.0, 100.0], jnp.float32)
print(jax.grad(lambda v: jnp.sum(softplus(v)))(x))  # expect: [0.11920292 0.5        0.95257413 1.        ]
print(jax.jvp(softplus, (x,), (jnp.ones(4),))[1])  # expect: [0.11920292 0.5        0.95257413 1.        ]


@functools.partial(jax.custom_jvp, nondiff_argnums=(0,))
def scaled_sin(k, v):
    return k * jnp.sin(v)


@scaled_sin.defjvp
def scaled_sin_jvp(k, primals, tangents):
    (v,), (t,) = primals, tangents
    return scaled_sin(k, v), 2.0 * k * t  # not k * cos(v): the rule decides


print(jax.grad(lambda v: jnp.sum(scaled_sin(3.0, v)))(x))  # expect: [6. 6. 6. 6.]

squared = jax.checkpoint(lambda v: jnp.sum(v ** 2), policy=jax.checkpoint_policies.nothing_saveable)
print(jax.grad(squared)(x[:2]))  # expect: [-4.  0.]
