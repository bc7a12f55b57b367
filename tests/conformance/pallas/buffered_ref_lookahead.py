# emit_pipeline_with_allocations makes JAX's BufferedRefs: a
# pl.Buffered(3, use_lookahead=True) input fetches every later block that
# differs from the one before it while slots are free (a gather whose
# index map repeats blocks), a pl.Buffered(1) output is written back
# synchronously, and a full-array block is trivially windowed (one sync
# copy before the loop).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

ORDER = (0, 0, 2, 1, 1, 3, 0, 2)


def pick(i):
    # ORDER[i] without a table: a sum of masks.
    out = 0
    for k, v in enumerate(ORDER):
        out = out + jnp.where(i == k, v, 0)
    return out


def body(x_ref, bias_ref, o_ref):
    o_ref[...] = x_ref[...] + bias_ref[...]


in_specs = [pl.BlockSpec((8, 128), lambda i: (pick(i), 0), pipeline_mode=pl.Buffered(3, use_lookahead=True)),
            pl.BlockSpec((8, 128), lambda i: (0, 0))]
out_specs = [pl.BlockSpec((8, 128), lambda i: (i, 0), pipeline_mode=pl.Buffered(1))]
pipeline, make_allocations = pltpu.emit_pipeline_with_allocations(
    body, grid=(len(ORDER),), in_specs=in_specs, out_specs=out_specs)


def kernel(x_hbm, bias_hbm, o_hbm):
    allocs = make_allocations(x_hbm, bias_hbm, o_hbm)
    print(allocs[0].use_lookahead, allocs[1].is_trivial_windowing, allocs[2].buffer_count)  # expect: True True 1
    pl.run_scoped(lambda a: pipeline(x_hbm, bias_hbm, o_hbm, allocations=a), allocs)


x = jnp.arange(4 * 8 * 128, dtype=jnp.float32).reshape(32, 128)
bias = jnp.full((8, 128), 0.5, jnp.float32)
out = pl.pallas_call(
    kernel,
    in_specs=[pl.BlockSpec(memory_space=pltpu.ANY)] * 2,
    out_specs=pl.BlockSpec(memory_space=pltpu.ANY),
    out_shape=jax.ShapeDtypeStruct((8 * len(ORDER), 128), jnp.float32),
)(x, bias)
want = jnp.concatenate([x[8 * b:8 * b + 8] for b in ORDER]) + 0.5
print(bool(jnp.array_equal(out, want)))  # expect: True
