# jtu.check_grads compares forward-mode derivatives (to second order here)
# and reverse-mode ones with central finite differences along a random
# direction, as JAX's gradient tests do; a wrong custom JVP rule fails it.
import functools

import jax
import jax.numpy as jnp
from jax._src import test_util as jtu
from jax.experimental import pallas as pl


@functools.partial(pl.pallas_call, out_shape=jax.ShapeDtypeStruct((8,), jnp.float32), interpret=True)
def soft_clip(x_ref, o_ref):
    x = x_ref[...]
    o_ref[...] = jnp.tanh(x) * 2.0 + x * x * 0.1


x = jnp.linspace(-1.5, 1.5, 8, dtype=jnp.float32)
jtu.check_grads(soft_clip, (x,), modes=["fwd"], order=2, atol=2e-2, rtol=2e-2)
print("kernel jvp ok")  # expect: kernel jvp ok
jtu.check_grads(lambda v: jnp.sin(v) * v, (x,), order=1, atol=1e-2, rtol=1e-2)
print("fwd and rev ok")  # expect: fwd and rev ok


@jax.custom_jvp
def cube(v):
    return v * v * v


@cube.defjvp
def cube_jvp(primals, tangents):
    (v,), (t,) = primals, tangents
    return cube(v), 2.0 * v * v * t  # should be 3 v^2 t


try:
    jtu.check_grads(cube, (x,), modes=["fwd"], order=1)
    print("wrong rule passed")
except AssertionError as e:
    print("wrong rule caught:", "tangent" in str(e))  # expect: wrong rule caught: True
