# Smaller surface JAX's pipeline tests use: a pipeline body given
# _explicit_indices=True receives a PipelineStep first (its grid indices and
# the step counter), pl.Buffered takes revisit= (pl.RevisitMode) and
# prefetched_count=, pallas_call takes any out_shape with a shape and a
# dtype (jax.typeof(x)), and pl.with_scoped is run_scoped as a decorator.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

print(pl.RevisitMode.ANY, pl.Buffered(2, revisit=pl.RevisitMode.ANY).prefetched_count)  # expect: RevisitMode.ANY 0


def matmul(ps, x_ref, y_ref, z_ref):
    @pl.when(ps.index[2] == 0)
    def _():
        z_ref[...] = jnp.zeros_like(z_ref)

    z_ref[...] += x_ref[...] @ y_ref[...]


def kernel(x_hbm, y_hbm, z_hbm):
    pltpu.emit_pipeline(
        matmul, grid=(2, 1, 2),
        in_specs=[pl.BlockSpec((8, 128), lambda i, j, k: (i, k)),
                  pl.BlockSpec((128, 128), lambda i, j, k: (k, j))],
        out_specs=pl.BlockSpec((8, 128), lambda i, j, k: (i, j), pipeline_mode=pl.Buffered(2, revisit=pl.RevisitMode.ANY)),
        _explicit_indices=True)(x_hbm, y_hbm, z_hbm)


x = jnp.ones((16, 256), jnp.float32)
y = jnp.ones((256, 128), jnp.float32) / 4
z = pl.pallas_call(kernel, in_specs=[pl.BlockSpec(memory_space=pltpu.ANY)] * 2,
                   out_specs=pl.BlockSpec(memory_space=pltpu.ANY),
                   out_shape=jax.typeof(jnp.zeros((16, 128))))(x, y)
print(z.shape, z[0, 0], z[15, 127])  # expect: (16, 128) 64.0 64.0


def scaled(x_ref, o_ref):
    @pl.with_scoped(pltpu.VMEM((8, 128), jnp.float32))
    def run(factor, tmp_ref):
        tmp_ref[...] = x_ref[...] * factor
        o_ref[...] = tmp_ref[...] + 1.0

    run(3.0)


out = pl.pallas_call(scaled, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32))(jnp.ones((8, 128)))
print(out[0, 0])  # expect: 4.0
