# JAX test_out_of_bounds_read_index: a dynamic index one past an SMEM
# array. "raise" makes it an IndexError; "uninitialized" reads int32 max,
# so the sum overflows. Rung 1 clamps the index to the last element. The chip
# checks no bounds and ignores out_of_bounds_reads: past the end it reads
# undefined data (deterministic garbage in the model).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(s_ref, x_ref, o_ref):
    start = x_ref[s_ref[0]]
    stop = x_ref[s_ref[1]]
    o_ref[0] = jax.lax.while_loop(lambda c: c[0] < stop, lambda c: (c[0] + 1, c[1] + x_ref[c[0]]),
                                  (start, jnp.int32(0)))[1]

def run(x, mode):
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((1,), jnp.int32),
        out_specs=pl.BlockSpec(memory_space=pltpu.SMEM),
        in_specs=[pl.BlockSpec(memory_space=pltpu.SMEM), pl.BlockSpec(memory_space=pltpu.SMEM)],
        interpret=pltpu.InterpretParams(out_of_bounds_reads=mode),
    )(jnp.array([0, 1], jnp.int32), x)

print(run(jnp.array([2, 5, 9, 15, 17], jnp.int32), "raise"))  # expect: [41]
print(run(jnp.array([2, 6, 9, 15, 17], jnp.int32), "uninitialized"))  # [tpu] expect: [-2147483608]
                                                                      # [interpret] expect: [58]
                                                                      # [chip] expect: [117]
try:
    print(run(jnp.array([2, 6, 9, 15, 17], jnp.int32), "raise"))  # [interpret] expect: [58]
                                                                  # [chip] expect: [92]
except IndexError as e:
    print(e)  # [tpu] expect: Out-of-bounds read of (0 0 smem 104): reading [(5,)] but buffer has shape (5,).
