# A pallas_call inside another kernel's body. JAX's interpreters would run
# it as a loop nested in the kernel and Mosaic cannot lower it; Rungs says
# so at the inner call (it used to stumble into an internal error, a
# misleading out-of-bounds block, or a "captures constants" complaint).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def inner_kernel(a_ref, b_ref):
    b_ref[...] = a_ref[...] * 2.0


def outer_kernel(x_ref, o_ref):
    o_ref[...] = pl.pallas_call(inner_kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32))(x_ref[...])  # expect error: NotImplementedError: a pallas_call inside another kernel's body is not run by Rungs ...


x = jnp.ones((8, 128), jnp.float32)
y = pl.pallas_call(outer_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)
