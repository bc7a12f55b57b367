# Source and destination of a DMA with different traced sizes. The shapes
# can only be compared when the copy starts, so the kernel traces; TPU
# interpret mode and the chip then refuse the copy with the two concrete
# shapes. interpret=True fails earlier, discharging the traced size.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(n_ref, x_hbm, o_hbm, sem):
    copy = pltpu.make_async_copy(x_hbm.at[pl.ds(0, n_ref[0])], o_hbm.at[pl.ds(0, n_ref[1])], sem)
    copy.start()  # [interpret] expect error: TypeError: Shapes must be 1D sequences of concrete values of integer type, got (Traced<int32[]>with<DynamicJaxprTrace>, 8, 128)....  # [tpu,chip] expect error: ValueError: DMA source and destination shapes must match, got (3, 8, 128) and (4, 8, 128)
    copy.wait()

x = jnp.ones((8, 8, 128), jnp.float32)
out = pl.pallas_call(
    kernel,
    grid_spec=pltpu.PrefetchScalarGridSpec(
        num_scalar_prefetch=1,
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA]),
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    interpret=pltpu.InterpretParams(),
)(jnp.array([3, 4], jnp.int32), x)
