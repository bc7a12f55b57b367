# jax.nn's activations and normalisations on the host and inside a kernel
# (the same expressions trace into the kernel's jaxpr).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

x = jnp.array([-2.0, -0.5, 0.0, 1.0, 3.0])
r = lambda v: jnp.round(v, 4)
print(r(jax.nn.relu(x)), r(jax.nn.sigmoid(x)))  # expect: [0. 0. 0. 1. 3.] [0.1192 0.3775 0.5    0.7311 0.9526]
print(r(jax.nn.gelu(x)), r(jax.nn.gelu(x, approximate=False)))  # expect: [-0.0454 -0.1543  0.      0.8412  2.9964] [-0.0455 -0.1543  0.      0.8413  2.996 ]
print(r(jax.nn.silu(x)), r(jax.nn.softplus(x)))  # expect: [-0.2384 -0.1888  0.      0.7311  2.8577] [0.1269 0.4741 0.6931 1.3133 3.0486]
print(r(jax.nn.softmax(x)), r(jax.nn.logsumexp(x)))  # expect: [0.0055 0.0247 0.0407 0.1107 0.8183] 3.2005
print(r(jax.nn.log_softmax(x)))  # expect: [-5.2005 -3.7005 -3.2005 -2.2005 -0.2005]
print(jax.nn.one_hot(jnp.array([0, 2]), 3).tolist(), r(jax.nn.standardize(x)))  # expect: [[1.0, 0.0, 0.0], [0.0, 0.0, 1.0]] [-1.3844 -0.4815 -0.1806  0.4213  1.6252]


def kernel(x_ref, o_ref):
    o_ref[...] = jax.nn.softmax(jax.nn.gelu(x_ref[...]), axis=-1)


x2 = jnp.tile(jnp.linspace(-1.0, 1.0, 128), (8, 1))
out = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32), interpret=True)(x2)
print(jnp.allclose(out, jax.nn.softmax(jax.nn.gelu(x2), axis=-1)), r(out.sum(axis=-1)[:2]))  # expect: True [1. 1.]
