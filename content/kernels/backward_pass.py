# A backward pass: jax.grad through a custom_vjp whose forward and backward rules are both Pallas kernels.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

BLOCK = (8, 128)


def gelu_tanh_kernel(x_ref, y_ref):
    x = x_ref[...]
    y_ref[...] = 0.5 * x * (1.0 + jnp.tanh(0.7978846 * (x + 0.044715 * x * x * x)))


def gelu_tanh_grad_kernel(x_ref, dy_ref, dx_ref):
    x = x_ref[...]
    inner = 0.7978846 * (x + 0.044715 * x * x * x)
    t = jnp.tanh(inner)
    slope = 0.5 * (1.0 + t) + 0.5 * x * (1.0 - t * t) * 0.7978846 * (1.0 + 3 * 0.044715 * x * x)
    dx_ref[...] = dy_ref[...] * slope


def blocked_call(kernel, n_inputs, shape):
    spec = pl.BlockSpec(BLOCK, lambda i: (i, 0))
    return pl.pallas_call(
        kernel,
        grid=(shape[0] // BLOCK[0],),
        in_specs=[spec] * n_inputs,
        out_specs=spec,
        out_shape=jax.ShapeDtypeStruct(shape, jnp.float32),
    )


@jax.custom_vjp
def gelu(x):
    return blocked_call(gelu_tanh_kernel, 1, x.shape)(x)


def gelu_fwd(x):
    return gelu(x), x            # residual: the input


def gelu_bwd(x, dy):
    return (blocked_call(gelu_tanh_grad_kernel, 2, x.shape)(x, dy),)


gelu.defvjp(gelu_fwd, gelu_bwd)

x = jnp.linspace(-3.0, 3.0, 16 * 128, dtype=jnp.float32).reshape(16, 128)
loss = lambda x: jnp.sum(gelu(x) ** 2)
dx = jax.grad(loss)(x)           # runs gelu_tanh_kernel, then gelu_tanh_grad_kernel
expected = jax.grad(lambda x: jnp.sum(jax.nn.gelu(x, approximate=True) ** 2))(x)
print("max |dx - autodiff of jax.nn.gelu| =", float(jnp.max(jnp.abs(dx - expected))))
print("gradient matches:", bool(jnp.allclose(dx, expected, atol=1e-4)))
