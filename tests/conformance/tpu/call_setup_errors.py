# Errors of the kernel-call set-up in TPU interpret mode (SEMANTICS 4.4,
# 4.9, 4.14): aliasing a scalar-prefetch operand, an HBM operand whose
# block squeezes a dim, and a "parallel" grid dim of traced size. Rung 1
# accepts all three. The chip has neither interpreter limit (aliasing and
# dynamic grids are plain XLA/Mosaic features) but refuses the squeezed ANY
# block when it lowers the block mappings (SEMANTICS 5.1).
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
# [chip] expect: alias ok (4,)
# [chip] expect: squeezed ValueError "The Pallas TPU lowering currently supports in memory space ANY only blocks having the same block shape as the array shape and a trivial index_map (returning all 0s).Block spec for args[0] in pallas_call copy_kernel at call_setup_errors.py:15 has block shape (Squeezed(), Blocked(block_size=128)), array shape (2, 128), and index_map { lambda ; a:i32[]. let  in (a, 0:i32[]) }, in memory space <MemorySpace.ANY: 'any'>.\nSee details at https://docs.jax.dev/en/latest/pallas/grid_blockspec.html#pallas-blockspec"
# [chip] expect: dynamic ok (16, 128)
# [interpret] expect: alias ok (4,)
# [interpret] expect: squeezed ok (2, 128)
# [interpret] expect: dynamic ok (16, 128)
