# An output block the grid leaves and comes back to: with
# pl.Buffered(1, revisit=pl.RevisitMode.ANY) the TPU pipeline restores the
# block from HBM on re-entry, so a running sum over alternating blocks is
# right on the chip. JAX's generic interpreter computes it too; TPU
# interpret mode checks every output for revisits and refuses it.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def sum_alternating(x_ref, o_ref):
    step = pl.program_id(0) * 3 + pl.program_id(1)

    @pl.when(step < 2)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += x_ref[...]

x = jnp.arange(6 * 8 * 128, dtype=jnp.float32).reshape(48, 128) / 64
summed = pl.pallas_call(  # [tpu] expect error: RuntimeError: Revisited block (slice(0, 8, 1), slice(0, 128, 1)) of output 0 in iteration (0, 2). The block was previously visited in iterations (0, 0) through (0, 0) .
    sum_alternating,
    grid=(2, 3),
    in_specs=[pl.BlockSpec((8, 128), lambda i, j: (i * 3 + j, 0))],
    out_specs=pl.BlockSpec((8, 128), lambda i, j: ((i * 3 + j) % 2, 0),
                           pipeline_mode=pl.Buffered(1, revisit=pl.RevisitMode.ANY)),
    out_shape=jax.ShapeDtypeStruct((16, 128), jnp.float32),
)(x)
blocks = x.reshape(6, 8, 128)
want = jnp.concatenate([blocks[0::2].sum(0), blocks[1::2].sum(0)])
print(bool(jnp.array_equal(summed, want)))  # [interpret,chip] expect: True
print(float(summed[8, 0]))  # [interpret,chip] expect: 144.0
