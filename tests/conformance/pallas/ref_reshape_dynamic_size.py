# A view with a traced pl.ds size has no static shape to reshape
# (TransformedRef.is_dynamic_size), on every rung.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(n_ref, x_hbm, o_hbm, sem):
    n = n_ref[0]
    head = x_hbm.at[pl.ds(0, n)]
    pltpu.make_async_copy(head.reshape(-1, 128), o_hbm.at[pl.ds(0, n)], sem).start()  # expect error: NotImplementedError: Reshape ref with dynamic size is not supported.

x = jnp.ones((16, 128), jnp.float32)
pl.pallas_call(
    kernel,
    grid_spec=pltpu.PrefetchScalarGridSpec(
        num_scalar_prefetch=1,
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA]),
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    interpret=True,
)(jnp.array([8], jnp.int32), x)
