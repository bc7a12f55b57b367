# A compiled TPU module reports the VMEM each Mosaic kernel reserves (XLA's
# used_scoped_memory_configs, memory space 1): the pipeline's blocks times
# their buffer counts, so pl.Buffered(1) on an input shows up as less VMEM.
# Off a TPU, a kernel without interpret=True does not lower at all.
import re

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

PATTERN = r'"used_scoped_memory_configs":\[\{"memory_space":"1",.*?"size":"(\d+)"'


def scaled_sum(x_ref, y_ref, o_ref):
    o_ref[...] = 2.0 * x_ref[...] + y_ref[...]


def compiled_vmem(y_buffers):
    @jax.jit
    def f(x, y):
        return pl.pallas_call(  # [interpret,tpu] expect error: ValueError: Only interpret mode is supported on CPU backend.
            scaled_sum,
            grid=(4,),
            in_specs=[pl.BlockSpec((8, 256), lambda i: (i, 0)),
                      pl.BlockSpec((8, 256), lambda i: (i, 0), pipeline_mode=pl.Buffered(y_buffers))],
            out_specs=pl.BlockSpec((8, 256), lambda i: (i, 0)),
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        )(x, y)

    spec = jax.ShapeDtypeStruct((32, 256), jnp.float32)
    found = re.search(PATTERN, f.lower(spec, spec).compile().as_text())
    return int(found.group(1)) if found else None


print(compiled_vmem(2))  # [chip] expect: 49152
print(compiled_vmem(1))  # [chip] expect: 40960
