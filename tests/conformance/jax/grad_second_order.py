# Second-order derivatives: the backward pass is itself differentiated, so
# grad of grad, jacfwd of jacrev and jax.hessian agree with the formulas.
import jax
import jax.numpy as jnp


def energy(x):
    return jnp.sum(jnp.tanh(x) * x ** 3)


def hess_formula(x):
    t = jnp.tanh(x)
    s = 1 - t * t
    return jnp.diag(-2 * t * s * x ** 3 + 6 * s * x ** 2 + 6 * t * x)


x = jnp.array([0.3, -0.8, 1.1])
h = jax.hessian(energy)(x)
print(h.shape)                                            # expect: (3, 3)
print(bool(jnp.allclose(h, hess_formula(x), atol=1e-5)))  # expect: True
print(bool(jnp.allclose(jax.jacfwd(jax.jacrev(energy))(x), h, atol=1e-6)))  # expect: True
print(bool(jnp.allclose(jax.jacrev(jax.jacrev(energy))(x), h, atol=1e-5)))  # expect: True

# grad of grad of a scalar function: d2/dy2 sin(y) * y**2
d2 = jax.grad(jax.grad(lambda y: jnp.sin(y) * y * y))(1.5)
formula = 2 * jnp.sin(1.5) + 4 * 1.5 * jnp.cos(1.5) - 1.5 * 1.5 * jnp.sin(1.5)
print(bool(jnp.abs(d2 - formula) < 1e-5))                 # expect: True

# third order by composition; a matmul on the way
w = jnp.array([[1.0, 2.0], [0.5, -1.0]])
f = lambda v: jnp.sum(jnp.exp(w @ v))
third = jax.grad(lambda v: jnp.sum(jax.grad(lambda u: jnp.sum(jax.grad(f)(u)))(v)))(jnp.array([0.1, 0.2]))
e = jnp.exp(w @ jnp.array([0.1, 0.2]))
print(bool(jnp.allclose(third, w.T @ (e * jnp.sum(w, axis=1) ** 2), atol=1e-4)))  # expect: True

# central finite differences of the gradient
g = jax.grad(energy)
eps = 1e-2
fd = (g(x + jnp.array([eps, 0.0, 0.0])) - g(x - jnp.array([eps, 0.0, 0.0]))) / (2 * eps)
print(bool(jnp.allclose(fd, h[:, 0], atol=2e-3)))         # expect: True
