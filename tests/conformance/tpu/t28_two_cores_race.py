# JAX test_two_cores_along_parallel_dimension_with_race: two cores each own
# one point of a parallel grid but both write the whole output block back
# to HBM, unsynchronised: a race (reported, not raised). Splitting the
# output into per-core blocks removes it.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(x_ref, o_ref, vmem_ref):
    vmem_ref[...] = x_ref[...]
    o_ref[...] = x_ref[...] + vmem_ref[...]

def row_block(i):
    return (i, 0)

def run(x, split, cores):
    spec = pl.BlockSpec((8, 128), row_block) if split else pl.BlockSpec(memory_space=pltpu.VMEM)
    return pl.pallas_call(
        kernel,
        grid=(2,),
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[spec],
        out_specs=spec,
        scratch_shapes=[pltpu.VMEM((8, 128), x.dtype)],
        compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel",)),
        interpret=pltpu.InterpretParams(num_cores_or_threads=cores, detect_races=True),
    )(x)

x = jnp.ones((8, 128), jnp.float32)
print(bool(jnp.array_equal(run(x, False, 1), 2 * x)))  # expect: True
print(bool(jnp.array_equal(run(x, False, 2), 2 * x)))
# [tpu] expect: RACE DETECTED
# [tpu] expect:   write of ('hbm', 101, 0, 0)[(slice(0, 8, 1), slice(0, 128, 1))] from (0, 1), pallas_call
# [tpu] expect:   clock: [0 9 0 0]
# [tpu] expect:   write of ('hbm', 101, 0, 0)[(slice(0, 8, 1), slice(0, 128, 1))] from (0, 0), pallas_call
# [tpu] expect:   clock: [9 0 0 0]
# [tpu] expect:
# expect: True
x2 = jnp.ones((16, 128), jnp.float32)
print(bool(jnp.array_equal(run(x2, True, 2), 2 * x2)))  # expect: True
