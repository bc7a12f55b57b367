# SEMANTICS T24: pl.run_scoped may allocate HBM only with
# allow_hbm_allocation_in_run_scoped=True; the buffer is then shared by
# the device's cores. Rung 1 has no memory spaces and always allows it. The
# chip refuses it even with the switch on (JAX's docstring: allocating HBM
# in run_scoped is not supported on a real TPU).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(x_ref, y_ref):
    pl.run_scoped(lambda hbm: (pltpu.sync_copy(x_ref, hbm), pltpu.sync_copy(hbm, y_ref)), pltpu.HBM((8, 128), jnp.int32))  # [tpu,chip] expect error: ValueError: Cannot allocate HBM in `run_scoped`.

def run(allow):
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((8, 128), jnp.int32),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        interpret=pltpu.InterpretParams(allow_hbm_allocation_in_run_scoped=allow),
    )(x)

x = jnp.arange(8 * 128, dtype=jnp.int32).reshape(8, 128)
print(bool(jnp.array_equal(run(True), x)))  # [interpret,tpu] expect: True
run(False)
print("no error")  # [interpret] expect: no error
