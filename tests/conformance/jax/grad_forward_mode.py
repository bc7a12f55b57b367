# Forward mode: jax.jvp, jax.linearize and jax.jacfwd push tangents through
# the same recorded run, agreeing with derivatives written out and with
# reverse mode; a custom_vjp refuses forward mode as JAX does.
import jax
import jax.numpy as jnp

x = jnp.array([0.5, 1.0, 1.5, 2.0], jnp.float32)
f = lambda v: jnp.sin(v) * v ** 2 + jnp.sum(v)

y, t = jax.jvp(f, (x,), (jnp.ones(4),))
print(bool(jnp.allclose(t, jnp.cos(x) * x ** 2 + 2 * x * jnp.sin(x) + 4.0, atol=1e-5)))  # expect: True
print(bool(jnp.allclose(jax.jacfwd(f)(x), jax.jacrev(f)(x), atol=1e-5)))  # expect: True

# max picks index 3; v @ v = 7.5: tangent = 1 * 7.5 + 2 * (2 * (0.5 + 2))
out, f_jvp = jax.linearize(lambda v: jnp.max(v) * (v @ v), x)
print(float(out), float(f_jvp(jnp.array([1.0, 0.0, 0.0, 1.0]))))  # expect: 15.0 17.5

w = jnp.arange(8.0, dtype=jnp.float32).reshape(4, 2)
print(jax.jvp(lambda v: v @ w, (x,), (jnp.ones(4),))[1])  # expect: [12. 16.]
print(jax.jacfwd(lambda v: v @ w)(x).shape)  # expect: (2, 4)

try:
    jax.jvp(f, x, jnp.ones(4))
except TypeError as e:
    print(e)  # expect: primal and tangent arguments to jax.jvp must be tuples or lists; found ArrayImpl and ArrayImpl.


@jax.custom_vjp
def clipped(v):
    return jnp.clip(v, 0.0, 1.0)


clipped.defvjp(lambda v: (clipped(v), v), lambda v, g: (g,))
jax.jvp(clipped, (x,), (jnp.ones(4),))  # expect error: TypeError: can't apply forward-mode autodiff (jvp) to a custom_vjp function.
