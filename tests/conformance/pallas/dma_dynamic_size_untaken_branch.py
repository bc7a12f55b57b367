# A traced-size DMA inside a pl.when branch that never runs. JAX's generic
# interpreter discharges every branch before running the kernel, so
# interpret=True still fails; TPU interpret mode and the chip only meet
# the DMA if the branch is taken, and here take the static copy.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(n_ref, x_hbm, o_hbm, sem):
    n = n_ref[0]

    @pl.when(n < 8)
    def _():
        pltpu.async_copy(x_hbm.at[pl.ds(0, n)], o_hbm.at[pl.ds(0, n)], sem).wait()  # [interpret] expect error: TypeError: Shapes must be 1D sequences of concrete values of integer type, got (Traced<int32[]>with<DynamicJaxprTrace>, 8, 128)....

    @pl.when(n >= 8)
    def _():
        pltpu.async_copy(x_hbm, o_hbm, sem).wait()

x = jnp.full((8, 8, 128), 2.0, jnp.float32)
out = pl.pallas_call(
    kernel,
    grid_spec=pltpu.PrefetchScalarGridSpec(
        num_scalar_prefetch=1,
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA]),
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    interpret=pltpu.InterpretParams(),
)(jnp.array([8], jnp.int32), x)
print(float(out.sum()))  # [tpu,chip] expect: 16384.0
