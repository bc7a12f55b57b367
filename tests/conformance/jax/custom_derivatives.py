# jax.custom_vjp / jax.custom_jvp definitions as backward-pass kernels declare
# them (nondiff_argnums through functools.partial, rules set by defvjp and a
# @defjvp decorator): the forward call runs the function itself.
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.custom_vjp, nondiff_argnums=(1,))
def scaled_sum(x, scale):
    return jnp.sum(x) * scale


def scaled_sum_fwd(x, scale):
    return scaled_sum(x, scale), x.shape


def scaled_sum_bwd(scale, shape, g):
    return (jnp.full(shape, g * scale),)


scaled_sum.defvjp(scaled_sum_fwd, scaled_sum_bwd)
print(scaled_sum(jnp.arange(4.0), 3.0))  # expect: 18.0
print(scaled_sum.nondiff_argnums)  # expect: (1,)


@jax.custom_jvp
def safe_log(x):
    return jnp.log(jnp.maximum(x, 1e-6))


@safe_log.defjvp
def safe_log_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return safe_log(x), t / jnp.maximum(x, 1e-6)


print(safe_log(jnp.array([1.0, 0.0])))  # expect: [  0.       -13.815511]
print(callable(safe_log_jvp), jax.jit(scaled_sum, static_argnums=1)(jnp.ones(3), 2.0))  # expect: True 6.0
