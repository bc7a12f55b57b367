# SEMANTICS T13: a dynamic grid with an aliased output. The input block is
# copied into VMEM once (its window never changes), so however many times
# the body runs the result is x + 1.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(s1_ref, s2_ref, x_ref, o_ref):
    o_ref[...] = x_ref[...] + s1_ref[0].astype(x_ref.dtype)

iters = jax.random.randint(jax.random.key(0), (), 10, 20, dtype=jnp.int32)
x = jnp.arange(32 * 128.0).reshape((32, 128))
y = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid_spec=pltpu.PrefetchScalarGridSpec(
        num_scalar_prefetch=2,
        grid=(iters,),
        in_specs=[pl.BlockSpec(x.shape, lambda i, *_: (0, 0))],
        out_specs=pl.BlockSpec(x.shape, lambda i, *_: (0, 0)),
    ),
    input_output_aliases={2: 0},
    interpret=pltpu.InterpretParams(),
)(jnp.array([1], jnp.int32), jnp.array([2], jnp.int32), x)
print(bool(jnp.array_equal(y, x + 1.0)))  # expect: True
