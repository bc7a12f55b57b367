# pl.num_programs in an index map under a grid whose size is traced (a jit
# argument): the size stays a primitive in the index map, evaluated at run
# time on every rung (the chip's traffic estimate included), so blocks are
# visited last to first.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def add_one(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0


@jax.jit
def reversed_add(x, steps):
    last_first = lambda i: (pl.num_programs(0) - 1 - i, 0)
    return pl.pallas_call(
        add_one,
        grid=(steps,),
        in_specs=[pl.BlockSpec((8, 128), last_first)],
        out_specs=pl.BlockSpec((8, 128), last_first),
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    )(x)


x = jnp.arange(32 * 128, dtype=jnp.float32).reshape(32, 128)
print(bool(jnp.array_equal(reversed_add(x, jnp.int32(4)), x + 1.0)))  # expect: True
