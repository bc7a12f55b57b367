# Two InterpretParams quirks kept from JAX (SEMANTICS 4.1): any
# out_of_bounds_reads other than "raise" reads the uninitialised value (the
# docstring's "uninitialized_value" and the tests' "uninitialized" alike),
# and random_seed=None still permutes the parallel dims, as seed 0. The chip
# ignores InterpretParams: past the end of the block it reads undefined data
# (deterministic garbage in the model), and it refuses the (1, 128) blocks
# of an (8, 128) array (the (8, 128) rule).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def copy_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[pl.ds(pl.program_id(0) + 4, 8)]

for mode in ("uninitialized_value", "whatever"):
    out = pl.pallas_call(
        copy_kernel,
        grid=(1,),
        out_shape=jax.ShapeDtypeStruct((8,), jnp.float32),
        interpret=pltpu.InterpretParams(out_of_bounds_reads=mode),
    )(jnp.arange(8, dtype=jnp.float32))
    print(mode, out)
# [tpu] expect: uninitialized_value [ 4.  5.  6.  7. nan nan nan nan]
# [tpu] expect: whatever [ 4.  5.  6.  7. nan nan nan nan]
# [interpret] expect: uninitialized_value [0. 1. 2. 3. 4. 5. 6. 7.]
# [interpret] expect: whatever [0. 1. 2. 3. 4. 5. 6. 7.]
# [chip] expect: uninitialized_value [  4.      5.      6.      7.     86.375 -95.25  -10.625   5.75 ]
# [chip] expect: whatever [  4.      5.      6.      7.     39.375  76.75    7.125 -35.875]

def order_kernel(o_ref):
    o_ref[...] = jnp.full(o_ref.shape, pl.program_id(0), jnp.int32)

def visiting_order(seed, n):
    order = []
    def recorder(token, point, core):
        order.append(int(point[0]))
        return token
    pl.pallas_call(  # [chip] expect error: ValueError: The Pallas TPU lowering currently requires that the last two dimensions of your block shape are divisible by 8 and 128 respectively, or be equal to the respective dimensions of the overall array. Block spec for outputs[0] in pallas_call order_kernel at interpret_params_quirks.py:31 has block shape (Blocked(block_size=1), Blocked(block_size=128)), array shape (8, 128), and index_map ...
        order_kernel,
        grid=(n,),
        out_shape=jax.ShapeDtypeStruct((n, 128), jnp.int32),
        out_specs=pl.BlockSpec((1, 128), lambda i: (i, 0)),
        compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel",)),
        interpret=pltpu.InterpretParams(random_seed=seed, grid_point_recorder=recorder),
    )()
    return order

none, zero = visiting_order(None, 8), visiting_order(0, 8)
print(none == zero, sorted(none) == list(range(8)), none != list(range(8)))  # [tpu] expect: True True True
                                                                            # [interpret] expect: True False True
print(visiting_order(12345, 4))  # [tpu] expect: [2, 3, 0, 1]
                                 # [interpret] expect: []
