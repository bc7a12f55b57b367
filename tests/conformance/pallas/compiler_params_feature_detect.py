# Kernel libraries that support several JAX versions probe which
# CompilerParams fields exist before passing them, with inspect.signature.
import inspect

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

_FIELDS = inspect.signature(pltpu.CompilerParams).parameters
print("vmem_limit_bytes" in _FIELDS, "use_old_tiling" in _FIELDS)  # expect: True False
print(str(_FIELDS["dimension_semantics"].kind))  # expect: KEYWORD_ONLY


def compiler_params(**wanted):
    kept = {k: v for k, v in wanted.items() if k in _FIELDS}
    return pltpu.CompilerParams(**kept)


def double_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0


x = jnp.arange(16 * 128, dtype=jnp.float32).reshape(16, 128)
out = pl.pallas_call(
    double_kernel,
    grid=(2,),
    in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0))],
    out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    compiler_params=compiler_params(dimension_semantics=("parallel",), use_old_tiling=True,
                                    disable_semaphore_checks=False),
)(x)
print(float(out[15, 127]), bool(jnp.array_equal(out, x * 2)))  # expect: 4094.0 True
inspect.signature(pl.program_id)  # expect error: NotImplementedError: inspect.signature() of the built-in <built-in function jax.experimental.pallas.program_id> is not supported by Rungs
