# jax.grad, value_and_grad and vjp through host jnp code, checked against
# derivatives written out by hand: elementwise math, broadcasting against
# scalars, matmuls, reductions, slicing, jnp.where and jax.nn.
import jax
import jax.numpy as jnp

x = jnp.linspace(-1.5, 2.0, 8, dtype=jnp.float32)


def close(a, b):
    return bool(jnp.allclose(a, b, atol=1e-5, rtol=1e-5))


# d/dx sum(sin(x) * x + 3 x^2) = cos(x) x + sin(x) + 6 x
f = lambda v: jnp.sum(jnp.sin(v) * v + 3.0 * v ** 2)
print(close(jax.grad(f)(x), jnp.cos(x) * x + jnp.sin(x) + 6.0 * x))  # expect: True

# tanh, exp, log and a division
g = lambda v: jnp.mean(jnp.tanh(v) / (1.0 + jnp.exp(v)) + jnp.log(v * v + 1.0))
by_hand = ((1 - jnp.tanh(x) ** 2) * (1 + jnp.exp(x)) - jnp.tanh(x) * jnp.exp(x)) / (1 + jnp.exp(x)) ** 2
by_hand = (by_hand + 2 * x / (x * x + 1)) / x.size
print(close(jax.grad(g)(x), by_hand))  # expect: True

# A matmul loss over two arguments: argnums=(0, 1)
w = jnp.arange(12, dtype=jnp.float32).reshape(4, 3) / 8.0  # exact in bf16: same on every host
a = jnp.ones((2, 4), jnp.float32) * jnp.array([[1.0], [2.0]])
loss = lambda a_, w_: jnp.sum((a_ @ w_) ** 2)
(ga, gw) = jax.grad(loss, argnums=(0, 1))(a, w)
r = a @ w
print(close(ga, 2 * r @ w.T), close(gw, 2 * a.T @ r))  # expect: True True

# value_and_grad with has_aux, max, where and slicing
def h(v):
    y = jnp.where(v > 0, v * v, -v)
    return jnp.max(y[2:]) + jnp.sum(y[:2]), {"peak": jnp.argmax(y)}
(val, aux), grad = jax.value_and_grad(h, has_aux=True)(x)
expected = jnp.zeros_like(x).at[7].set(2 * x[7]).at[0].set(-1.0).at[1].set(-1.0)
print(float(val), int(aux["peak"]), close(grad, expected))  # expect: 6.5 7 True

# vjp with a non-scalar output and its cotangent
out, pull = jax.vjp(lambda v: jnp.cumsum(v * 2.0), x)
(ct,) = pull(jnp.ones_like(out))
print(close(ct, 2.0 * jnp.arange(8, 0, -1, dtype=jnp.float32)))  # expect: True

# jax.nn and a reshape/transpose round trip
s = lambda v: jnp.sum(jax.nn.softmax(v.reshape(2, 4).T, axis=0) * jnp.arange(8.0).reshape(4, 2))
num = (s(x + 1e-3 * jnp.eye(8)[3]) - s(x - 1e-3 * jnp.eye(8)[3])) / 2e-3
print(abs(float(jax.grad(s)(x)[3]) - float(num)) < 2e-3)  # expect: True

# Python control flow on concrete values is fine under grad, as in JAX
def branchy(v):
    return v * v if v > 0 else -v
print(float(jax.grad(branchy)(3.0)), float(jax.grad(branchy)(-2.0)))  # expect: 6.0 -1.0

# stop_gradient cuts the tape
print(float(jax.grad(lambda v: v * jax.lax.stop_gradient(v))(4.0)))  # expect: 4.0

# a Python float (weakly typed) promoted against a float32 constant, or cast
# with astype: the conversion is differentiated like any other primitive
print(jax.grad(lambda v: v + jnp.float32(1.0))(3.0), jax.grad(lambda v: v.astype(jnp.float32) * 2)(3.0))  # expect: 1.0 2.0
