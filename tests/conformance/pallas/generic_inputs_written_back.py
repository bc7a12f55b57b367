# SEMANTICS 3.4: in generic mode every block is written back every
# iteration, inputs included, so a later iteration sees an earlier one's
# write to an input ref; scratch persists; outputs start as NaN. Rung 2 and
# the chip fetch the input block once (its window never changes) and keep
# it in VMEM, so they see the kernel's writes to it as well.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(x_ref, o_ref, count_ref):
    @pl.when(pl.program_id(0) == 0)
    def _():
        count_ref[0] = 0
    count_ref[0] += 1
    o_ref[...] = x_ref[...] + count_ref[0].astype(jnp.float32)
    x_ref[...] = x_ref[...] * 10.0

x = jnp.ones((8,), jnp.float32)
o = pl.pallas_call(
    kernel,
    grid=(3,),
    in_specs=[pl.BlockSpec((8,), lambda i: (0,))],
    out_specs=pl.BlockSpec((8,), lambda i: (0,)),
    out_shape=jax.ShapeDtypeStruct((8,), jnp.float32),
    scratch_shapes=[pltpu.SMEM((1,), jnp.int32)],
    interpret=True,
)(x)
print(o[0])  # expect: 103.0
print(x[0])  # expect: 1.0
