# jax._src.pallas.mosaic.interpret.interpret_pallas_call.races.races_found:
# the TPU interpreter's verdict on the last kernel, as JAX's interpret tests
# read it after a call with detect_races=True (rung 2). The generic
# interpreter and the chip model detect no races, so it stays False there.
# utils.is_range_out_of_bounds_for_shape is JAX's helper.
import jax
import jax.numpy as jnp
from jax._src.pallas.mosaic.interpret import interpret_pallas_call as mosaic_interpret
from jax._src.pallas.mosaic.interpret import utils as interpret_utils
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def racy_kernel(x_ref, o_ref, t_ref, sem):
    copy = pltpu.make_async_copy(x_ref, t_ref, sem)
    copy.start()
    o_ref[...] = t_ref[...]
    copy.wait()


def clean_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0


x = jnp.zeros((8, 128), jnp.float32)
params = pltpu.InterpretParams(detect_races=True)
pl.pallas_call(racy_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
               in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
               scratch_shapes=[pltpu.VMEM((8, 128), jnp.float32), pltpu.SemaphoreType.DMA],
               interpret=params)(x)
found = mosaic_interpret.races.races_found
# [tpu] expect: RACE DETECTED
# [tpu] expect:   write of ('vmem', 103, 0, 0)[(slice(0, 8, 1), slice(0, 128, 1))] from (100, 0), interpret_module_races_found.py:16:4 (racy_kernel)
# [tpu] expect:   clock: [1 3]
# [tpu] expect:   read of ('vmem', 103, 0, 0)[(slice(0, 8, 1), slice(0, 128, 1))] from (0, 0), interpret_module_races_found.py:17:17 (racy_kernel)
# [tpu] expect:   clock: [2 0]
# [tpu] expect:
pl.pallas_call(clean_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=params)(x)
print(found, mosaic_interpret.races.races_found)  # [tpu] expect: True False  # [interpret,chip] expect: False False
print(interpret_utils.is_range_out_of_bounds_for_shape((slice(0, 11, 2), 3), (10, 4)))  # expect: True
print(interpret_utils.is_range_out_of_bounds_for_shape((slice(5, 5, 1),), (4,)))  # expect: False
