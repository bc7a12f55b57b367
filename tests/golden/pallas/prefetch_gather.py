import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def gather_kernel(idx_ref, x_ref, o_ref):
    o_ref[...] = x_ref[...]

idx = jnp.array([3, 0, 2, 1], jnp.int32)
x = jnp.arange(4 * 8 * 128, dtype=jnp.float32).reshape(32, 128)
y = pl.pallas_call(
    gather_kernel,
    grid_spec=pltpu.PrefetchScalarGridSpec(
        num_scalar_prefetch=1,
        grid=(4,),
        in_specs=[pl.BlockSpec((8, 128), lambda i, idx: (idx[i], 0))],
        out_specs=pl.BlockSpec((8, 128), lambda i, idx: (i, 0)),
    ),
    out_shape=jax.ShapeDtypeStruct((32, 128), jnp.float32),
    interpret=True,
)(idx, x)
print(y[::8, 0])
