# jax.jvp through a pallas_call: JAX's JVP rule differentiates the kernel
# into a JVP kernel that reads the input's tangent ref beside the input and
# writes the output's tangent ref beside the output; one call runs it.
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

CASES = [
    ("square", lambda v: v * v),
    ("pow", lambda v: v ** 3),
    ("exp", jnp.exp),
    ("reciprocal", lambda v: 1.0 / (1.0 + v * v)),
    ("exp_neg_sq", lambda v: jnp.exp(-v) ** 2),
    ("sin", jnp.sin),
    ("tanh", jnp.tanh),
    ("logistic", jax.nn.sigmoid),
]

kx, kt = jax.random.split(jax.random.key(3))
x = jax.random.normal(kx, (16, 128), jnp.float32)
t = jax.random.normal(kt, (16, 128), jnp.float32)

for name, fn in CASES:
    def kernel(x_ref, o_ref, fn=fn):
        o_ref[...] = fn(x_ref[...])

    call = pl.pallas_call(kernel, grid=(2,), in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0))],
                          out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
                          out_shape=jax.ShapeDtypeStruct(x.shape, jnp.float32))
    out, tan = jax.jvp(call, (x,), (t,))
    ref_out, ref_tan = jax.jvp(fn, (x,), (t,))
    ok = bool(jnp.allclose(out, ref_out, atol=1e-5, rtol=1e-5)) and bool(jnp.allclose(tan, ref_tan, atol=1e-4, rtol=1e-4))
    print(name, ok)
# expect: square True
# expect: pow True
# expect: exp True
# expect: reciprocal True
# expect: exp_neg_sq True
# expect: sin True
# expect: tanh True
# expect: logistic True
