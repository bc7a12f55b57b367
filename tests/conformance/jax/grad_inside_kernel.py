# jax.grad inside a kernel body: the derivative is traced into the kernel's
# own jaxpr (the values are the kernel's traced blocks), so the backward
# formula runs as part of the kernel on every rung.
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def smooth_abs(v):
    return jnp.sqrt(v * v + 0.25)


@functools.partial(pl.pallas_call, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32), interpret=True)
def slope_kernel(x_ref, o_ref):
    x = x_ref[...]
    o_ref[...] = jax.grad(lambda v: jnp.sum(smooth_abs(v)))(x)


x = jnp.linspace(-2.0, 2.0, 8 * 128, dtype=jnp.float32).reshape(8, 128)
got = slope_kernel(x)
print(bool(jnp.allclose(got, x / jnp.sqrt(x * x + 0.25), atol=1e-6)))  # expect: True


@functools.partial(pl.pallas_call, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32), interpret=True)
def curvature_kernel(x_ref, o_ref):
    x = x_ref[...]
    slope = lambda v: jnp.sum(jax.grad(lambda u: jnp.sum(jnp.sin(u) * u))(v))
    o_ref[...] = jax.grad(slope)(x)


c = curvature_kernel(x)
print(bool(jnp.allclose(c, 2 * jnp.cos(x) - x * jnp.sin(x), atol=1e-5)))  # expect: True
