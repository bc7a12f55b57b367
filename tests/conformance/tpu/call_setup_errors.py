# Errors of the kernel-call set-up in TPU interpret mode (SEMANTICS 4.4,
# 4.9, 4.14): aliasing a scalar-prefetch operand, an HBM operand whose
# block squeezes a dim, and a "parallel" grid dim of traced size. Rung 1
# accepts all three.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def prefetch_kernel(s_ref, o_ref):
    o_ref[...] = jnp.zeros_like(o_ref)

def copy_kernel(x_ref, o_ref):
    pltpu.sync_copy(x_ref, o_ref)

cases = {
    "alias": lambda: pl.pallas_call(
        prefetch_kernel,
        grid_spec=pltpu.PrefetchScalarGridSpec(num_scalar_prefetch=1),
        out_shape=jax.ShapeDtypeStruct((4,), jnp.int32),
        input_output_aliases={0: 0},
        interpret=pltpu.InterpretParams(),
    )(jnp.arange(4, dtype=jnp.int32)),
    "squeezed": lambda: pl.pallas_call(
        copy_kernel,
        grid=(2,),
        in_specs=[pl.BlockSpec((None, 128), lambda i: (i, 0), memory_space=pl.ANY)],
        out_specs=pl.BlockSpec((None, 128), lambda i: (i, 0)),
        out_shape=jax.ShapeDtypeStruct((2, 128), jnp.float32),
        interpret=pltpu.InterpretParams(),
    )(jnp.ones((2, 128), jnp.float32)),
    "dynamic": lambda: pl.pallas_call(
        copy_kernel,
        grid=(jnp.int32(2),),
        in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0))],
        out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
        out_shape=jax.ShapeDtypeStruct((16, 128), jnp.float32),
        compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel",)),
        interpret=pltpu.InterpretParams(),
    )(jnp.ones((16, 128), jnp.float32)),
}
for name, case in cases.items():
    try:
        out = case()
        print(name, "ok", out.shape)
    except (ValueError, TypeError) as e:
        print(name, type(e).__name__, repr(str(e)))
# [tpu] expect: alias ValueError 'Aliasing of scalar prefetch arguments is not currently supported in TPU interpret mode.'
# [tpu] expect: squeezed ValueError 'Kernel input 0 in HBM but does not have trivial BlockSpec.'
# [tpu] expect: dynamic ConcretizationTypeError "Abstract tracer value encountered where concrete value is expected: traced array with shape int32[]\nThe size of grid dimension 0 has 'parallel' semantics, so it must be known at trace time, but it is a traced value."
# [interpret] expect: alias ok (4,)
# [interpret] expect: squeezed ok (2, 128)
# [interpret] expect: dynamic ok (16, 128)
