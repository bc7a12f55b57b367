# Nested pipelines: an outer emit_pipeline moves (16, 256) stripes between
# HBM and VMEM, and its body runs an inner emit_pipeline over each stripe.
# The inner pipeline's operands are already in VMEM, so (as in JAX) it does
# not copy them: its body gets views of the stripe's blocks. Inside the
# inner body pl.program_id names the inner grid; the outer index is passed
# down by closure. A reduction over the stripe's columns is carried in a
# VMEM scratch through the inner pipeline's `scratches`.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

x = jnp.arange(48 * 384, dtype=jnp.float32).reshape(48, 384) % 11.0
hbm = pl.BlockSpec(memory_space=pl.ANY)


def stripe_kernel(x_hbm, o_hbm, sums_hbm):
    def stripe(x_stripe, o_stripe, sums_stripe, total):
        row = pl.program_id(0)

        def block(x_blk, o_blk, total):
            @pl.when(pl.program_id(0) == 0)
            def _():
                total[...] = jnp.zeros_like(total)

            o_blk[...] = x_blk[...] * 2.0 + row.astype(jnp.float32)
            total[...] += x_blk[...]

        inner_spec = pl.BlockSpec((16, 128), lambda j: (0, j))
        pltpu.emit_pipeline(block, grid=(3,), in_specs=[inner_spec], out_specs=[inner_spec])(
            x_stripe, o_stripe, scratches=[total])
        sums_stripe[...] = total[...]

    def outer(x_stripe, o_stripe, sums_stripe):
        pl.run_scoped(lambda total: stripe(x_stripe, o_stripe, sums_stripe, total),
                      pltpu.VMEM((16, 128), jnp.float32))

    pltpu.emit_pipeline(
        outer,
        grid=(3,),
        in_specs=[pl.BlockSpec((16, 384), lambda i: (i, 0))],
        out_specs=[pl.BlockSpec((16, 384), lambda i: (i, 0)), pl.BlockSpec((16, 128), lambda i: (i, 0))],
    )(x_hbm, o_hbm, sums_hbm)


out, sums = pl.pallas_call(
    stripe_kernel,
    out_shape=(jax.ShapeDtypeStruct(x.shape, x.dtype), jax.ShapeDtypeStruct((48, 128), x.dtype)),
    in_specs=[hbm],
    out_specs=(hbm, hbm),
)(x)
rows = jnp.repeat(jnp.arange(3, dtype=jnp.float32), 16)[:, None]
print(bool(jnp.array_equal(out, x * 2.0 + rows)))  # expect: True
print(bool(jnp.array_equal(sums, x.reshape(48, 3, 128).sum(axis=1))))  # expect: True
print(out[::16, 0], sums[0, :4])  # expect: [ 0. 13.  4.] [10. 13. 16. 19.]


# The inner pipeline may also walk HBM directly: here each outer loop
# iteration hands it a row stripe of the HBM operands (views made with .at).
def loop_kernel(x_hbm, o_hbm):
    def negate(x_vmem, o_vmem):
        o_vmem[...] = -x_vmem[...]

    inner = pltpu.emit_pipeline(negate, grid=(3,), in_specs=[pl.BlockSpec((16, 128), lambda j: (0, j))],
                                out_specs=[pl.BlockSpec((16, 128), lambda j: (0, j))])

    @pl.loop(0, 3)
    def _(i):
        rows = pl.ds(pl.multiple_of(i * 16, 16), 16)
        inner(x_hbm.at[rows], o_hbm.at[rows])


neg = pl.pallas_call(loop_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), in_specs=[hbm], out_specs=hbm)(x)
print(bool(jnp.array_equal(neg, -x)))  # expect: True
