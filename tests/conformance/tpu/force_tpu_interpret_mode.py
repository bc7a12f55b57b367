# pltpu.force_tpu_interpret_mode(params) runs every pallas_call inside it
# in TPU interpret mode, whatever its own interpret= says; set_ does it for
# the rest of the program (SEMANTICS 1, step 6). `--rung chip` overrides
# both; the chip reads undefined data past the end of the block
# (deterministic garbage in the model).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[pl.ds(pl.program_id(0) + 4, 8)]

def run():
    return pl.pallas_call(kernel, grid=(1,), out_shape=jax.ShapeDtypeStruct((8,), jnp.float32),
                          interpret=True)(jnp.arange(8, dtype=jnp.float32))

with pltpu.force_tpu_interpret_mode(pltpu.InterpretParams(out_of_bounds_reads="uninitialized")):
    print(run())
# [tpu] expect: [ 4.  5.  6.  7. nan nan nan nan]
# [interpret] expect: [0. 1. 2. 3. 4. 5. 6. 7.]
# [chip] expect: [  4.      5.      6.      7.     86.375 -95.25  -10.625   5.75 ]
pltpu.set_tpu_interpret_mode(pltpu.InterpretParams(uninitialized_memory="zero", out_of_bounds_reads="uninitialized"))
print(run())
# [tpu] expect: [4. 5. 6. 7. 0. 0. 0. 0.]
# [interpret] expect: [0. 1. 2. 3. 4. 5. 6. 7.]
# [chip] expect: [  4.      5.      6.      7.     39.375  76.75    7.125 -35.875]
