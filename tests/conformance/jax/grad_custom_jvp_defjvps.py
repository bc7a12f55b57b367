# custom_jvp.defjvps: one rule per argument, (tangent, primal_out, *primals)
# -> that argument's contribution; the sum is the function's JVP, used by
# jax.jvp and (transposed) by jax.grad. A rule that differs from the true
# derivative shows that the rule, not the function, is differentiated.
import jax
import jax.numpy as jnp


@jax.custom_jvp
def scaled_log(x, y):
    return y * jnp.log(x)


scaled_log.defjvps(lambda x_dot, out, x, y: y * x_dot / x,
                   lambda y_dot, out, x, y: 2.0 * y_dot * jnp.log(x))   # deliberately twice the true slope

x, y = jnp.float32(2.0), jnp.float32(3.0)
out, tan = jax.jvp(scaled_log, (x, y), (jnp.float32(1.0), jnp.float32(0.0)))
print(round(float(out), 5), round(float(tan), 5))                 # expect: 2.07944 1.5
_, tan_y = jax.jvp(scaled_log, (x, y), (jnp.float32(0.0), jnp.float32(1.0)))
print(round(float(tan_y), 5))                                     # expect: 1.38629
gx, gy = jax.grad(scaled_log, argnums=(0, 1))(x, y)
print(round(float(gx), 5), round(float(gy), 5))                   # expect: 1.5 1.38629


@jax.custom_jvp
def only_first(x, y):
    return x * y


only_first.defjvps(None, lambda y_dot, out, x, y: x * y_dot)
print(float(jax.grad(only_first)(jnp.float32(2.0), jnp.float32(5.0))))  # expect: 0.0

bad = jax.custom_jvp(lambda n, x: x * n, nondiff_argnums=(0,))
bad.defjvps(lambda t, out, n, x: t)                               # expect error: TypeError: Can't use ``defjvps`` with ``nondiff_argnums``.
