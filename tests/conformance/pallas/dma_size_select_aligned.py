# A DMA whose traced row count is either 0 or a whole tile
# (jnp.where(done, 0, 8)), as tiled copy-in loops skip their last step:
# Mosaic proves a select of two tile multiples aligned (and a min of
# them), also inside a pl.when branch, so the chip copies; TPU interpret mode reads the size at run
# time; the generic interpreter needs static DMA sizes.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def copy_kernel(flags_ref, x_hbm, o_ref, buf, sem):
    rows = jnp.where(flags_ref[0] == 1, 0, 8)
    rows = jnp.minimum(rows, 16)
    buf[...] = jnp.zeros(buf.shape, buf.dtype)

    @pl.when(flags_ref[0] == 0)  # the size is computed outside the branch
    def _():
        copy = pltpu.make_async_copy(x_hbm.at[pl.ds(8, rows)], buf.at[pl.ds(0, rows)], sem)
        copy.start()  # [interpret] expect error: TypeError: Shapes must be 1D sequences of concrete values of integer type, got (Traced<int32[]>with<DynamicJaxprTrace>, 128)...
        copy.wait()

    o_ref[...] = buf[...]

x = jnp.arange(16 * 128, dtype=jnp.float32).reshape(16, 128)
out = pl.pallas_call(
    copy_kernel,
    grid_spec=pltpu.PrefetchScalarGridSpec(
        num_scalar_prefetch=1,
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec((8, 128), lambda i, f: (0, 0)),
        scratch_shapes=[pltpu.VMEM((8, 128), jnp.float32), pltpu.SemaphoreType.DMA],
        grid=(1,),
    ),
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    interpret=True,
)(jnp.array([0], jnp.int32), x)
print(bool(jnp.array_equal(out, x[8:])))  # [tpu,chip] expect: True
