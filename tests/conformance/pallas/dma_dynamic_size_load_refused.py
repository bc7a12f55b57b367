# Only DMAs take a traced pl.ds size. Reading or writing a ref window of
# traced length would give a value whose shape is unknown when the kernel
# is traced, so it is refused on every rung, even through a .at[] view
# that a DMA could have used.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(n_ref, x_ref, o_ref):
    n = n_ref[0]
    view = x_ref.at[pl.ds(0, n)]
    o_ref[...] = jnp.zeros_like(o_ref)
    o_ref[pl.ds(0, 8)] = view[...]  # expect error: ValueError: pl.ds size must be a static Python int when used in a kernel, got Traced<int32[]>with<DynamicJaxprTrace>

out = pl.pallas_call(
    kernel,
    grid_spec=pltpu.PrefetchScalarGridSpec(
        num_scalar_prefetch=1,
        in_specs=[pl.BlockSpec((16, 128), lambda i, n: (0, 0))],
        out_specs=pl.BlockSpec((16, 128), lambda i, n: (0, 0)),
        grid=(1,)),
    out_shape=jax.ShapeDtypeStruct((16, 128), jnp.float32),
    interpret=True,
)(jnp.array([8], jnp.int32), jnp.ones((16, 128), jnp.float32))
