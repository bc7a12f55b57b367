# SEMANTICS T33: an aliased HBM output *is* the input buffer, so writing
# half of it leaves the other half holding the input.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(x_ref, o_ref):
    pltpu.sync_copy(x_ref.at[:8], o_ref.at[8:])

x = jnp.arange(16, dtype=jnp.int32)
y = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
    out_specs=pl.BlockSpec(memory_space=pl.ANY),
    input_output_aliases={0: 0},
    interpret=pltpu.InterpretParams(uninitialized_memory="zero"),
)(x)
print(y)  # expect: [0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7]
