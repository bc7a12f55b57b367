# pltpu.emit_pipeline_with_allocations returns the pipeline and a function
# making its buffers, which the kernel allocates once with run_scoped and
# hands back as allocations=; the values are the plain pipeline's.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def inner(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0


spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
pipeline, make_allocations = pltpu.emit_pipeline_with_allocations(inner, grid=(4,), in_specs=[spec], out_specs=[spec])


def outer(x_hbm, o_hbm):
    pl.run_scoped(lambda allocs: pipeline(x_hbm, o_hbm, allocations=allocs), make_allocations(x_hbm, o_hbm))


x = jnp.arange(32 * 128, dtype=jnp.float32).reshape(32, 128)
y = pl.pallas_call(outer, in_specs=[pl.BlockSpec(memory_space=pltpu.ANY)],
                   out_specs=pl.BlockSpec(memory_space=pltpu.ANY),
                   out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)
print(bool(jnp.array_equal(y, x + 1.0)))  # expect: True
