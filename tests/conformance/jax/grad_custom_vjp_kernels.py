# The published pattern for differentiable kernels: a jax.custom_vjp whose
# forward and backward rules are pallas_calls. jax.grad runs the forward
# kernel, then the backward kernel, each on the rung in use, and the
# gradient equals the one written by hand. A bare pallas_call under grad is
# refused as JAX refuses it.
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

BLOCK = (8, 128)


def cube_kernel(x_ref, o_ref):
    x = x_ref[...]
    o_ref[...] = x * x * x


def cube_grad_kernel(x_ref, g_ref, dx_ref):
    x = x_ref[...]
    dx_ref[...] = 3.0 * x * x * g_ref[...]


def blocked(kernel, n_in, shape):
    spec = pl.BlockSpec(BLOCK, lambda i: (i, 0))
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct(shape, jnp.float32),
        grid=(shape[0] // BLOCK[0],),
        in_specs=[spec] * n_in,
        out_specs=spec,
        interpret=True,
    )


@jax.custom_vjp
def cube(x):
    return blocked(cube_kernel, 1, x.shape)(x)


def cube_fwd(x):
    return blocked(cube_kernel, 1, x.shape)(x), x


def cube_bwd(x, g):
    return (blocked(cube_grad_kernel, 2, x.shape)(x, g),)


cube.defvjp(cube_fwd, cube_bwd)

x = jnp.linspace(-1.0, 1.0, 16 * 128, dtype=jnp.float32).reshape(16, 128)
loss = lambda v: jnp.sum(cube(v) * 0.5)
value, grad = jax.value_and_grad(loss)(x)
print(bool(jnp.allclose(grad, 1.5 * x * x, atol=1e-6)))  # expect: True
print(bool(jnp.allclose(value, 0.5 * jnp.sum(x ** 3), atol=1e-3)))  # expect: True

# nondiff_argnums: the scale passes to the backward rule first.
@functools.partial(jax.custom_vjp, nondiff_argnums=(1,))
def scaled_cube(x, scale):
    return blocked(cube_kernel, 1, x.shape)(x) * scale


def scaled_fwd(x, scale):
    return blocked(cube_kernel, 1, x.shape)(x) * scale, x


def scaled_bwd(scale, x, g):
    return (blocked(cube_grad_kernel, 2, x.shape)(x, g) * scale,)


scaled_cube.defvjp(scaled_fwd, scaled_bwd)
g2 = jax.grad(lambda v: jnp.sum(scaled_cube(v, 2.0)))(x)
print(bool(jnp.allclose(g2, 6.0 * x * x, atol=1e-5)))  # expect: True
# ... also when the nondiff argument is passed by keyword (custom_vjp places it by the signature).
g3 = jax.grad(lambda v: jnp.sum(scaled_cube(v, scale=3.0)))(x)
print(bool(jnp.allclose(g3, 9.0 * x * x, atol=1e-5)))  # expect: True

# A backward rule that answers None for an integer argument and a cotangent
# for an optional argument left as None (as grouped-matmul ops write them).
@jax.custom_vjp
def shifted_cube(x, offsets, extra):
    return blocked(cube_kernel, 1, x.shape)(x) + offsets[0]


def shifted_fwd(x, offsets, extra):
    return shifted_cube(x, offsets, extra), x


def shifted_bwd(x, g):
    return blocked(cube_grad_kernel, 2, x.shape)(x, g), None, g


shifted_cube.defvjp(shifted_fwd, shifted_bwd)
g4 = jax.grad(lambda v: jnp.sum(shifted_cube(v, jnp.array([3], jnp.int32), None)))(x)
print(bool(jnp.allclose(g4, 3.0 * x * x, atol=1e-5)))  # expect: True

bare = lambda v: jnp.sum(blocked(cube_kernel, 1, v.shape)(v))  # expect error: ValueError: Linearization failed to produce known values for all output primals. This is typically caused by attempting to differentiate a function uses an operation that does not support reverse-mode autodiff.
jax.grad(bare)(x)
