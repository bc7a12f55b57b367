# Scalar-prefetch gather: an index table in SMEM steers each step's index map to the row block it needs.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def gather_kernel(idx_ref, x_ref, o_ref):
    # idx_ref is the prefetched table; the index map already used it.
    o_ref[...] = x_ref[...]


table = jnp.array([3, 0, 2, 2], dtype=jnp.int32)
x = jnp.arange(4 * 8 * 128, dtype=jnp.float32).reshape(4 * 8, 128)
gathered = pl.pallas_call(
    gather_kernel,
    out_shape=jax.ShapeDtypeStruct((4 * 8, 128), jnp.float32),
    grid_spec=pltpu.PrefetchScalarGridSpec(
        num_scalar_prefetch=1,
        grid=(4,),
        in_specs=[pl.BlockSpec((8, 128), lambda i, idx: (idx[i], 0))],
        out_specs=pl.BlockSpec((8, 128), lambda i, idx: (i, 0)),
    ),
    interpret=True,
)(table, x)
# Output block i is input block table[i]: first elements 3*1024, 0, 2*1024, 2*1024.
print(gathered[::8, 0])
