# pl.loop as attention kernels use it (a decorator over a fori_loop, with and
# without a carry), pl.estimate_cost on a reference function, and None
# entries in in_specs/inputs for absent optional operands (an empty subtree).
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def kernel(x_ref, bias_ref, o_ref, *, rows_per_step):
    o_ref[...] = jnp.zeros_like(o_ref)

    @pl.loop(0, x_ref.shape[0], step=rows_per_step)
    def _(r):
        rows = pl.ds(r, rows_per_step)
        o_ref[rows, :] = x_ref[rows, :] * 2.0

    total = pl.loop(0, 4, init_carry=jnp.zeros((8, 128), jnp.float32))(lambda i, acc: acc + o_ref[...])
    if bias_ref is not None:
        total = total + bias_ref[...]
    o_ref[...] = total


def run(x, bias=None):
    specs = [pl.BlockSpec((8, 128), lambda i: (0, 0)), None if bias is None else pl.BlockSpec((8, 128), lambda i: (0, 0))]
    return pl.pallas_call(
        functools.partial(kernel, rows_per_step=4),
        grid=(1,),
        in_specs=specs,
        out_specs=pl.BlockSpec((8, 128), lambda i: (0, 0)),
        out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
        interpret=True,
    )(x, bias)


x = jnp.ones((8, 128), jnp.float32)
print(run(x)[0, :3], run(x, jnp.full((8, 128), 0.5))[7, -2:])  # expect: [8. 8. 8.] [8.5 8.5]


def reference(q, k):
    s = jnp.exp(q @ k.T) + 1.0
    return s


cost = pl.estimate_cost(reference, jax.ShapeDtypeStruct((8, 16), jnp.float32), jnp.ones((4, 16), jnp.float32))
print(cost.flops, cost.transcendentals, cost.bytes_accessed)  # expect: 1056 32 896
