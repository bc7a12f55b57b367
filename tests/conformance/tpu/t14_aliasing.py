# JAX test_aliasing: with input_output_aliases={0: 0} the output *is* the
# input's HBM buffer, so blocks written early are read back (as input
# blocks) later. Rung 1 keeps input and output apart and gives the
# iteration count for every block. The chip shares the HBM buffer too.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(x_ref, o_ref, s_ref):
    @pl.when((pl.program_id(0) == 0) & (pl.program_id(1) == 0))
    def _():
        s_ref[0] = jnp.int32(0)
    s = s_ref[0]
    s_ref[0] = s + 1
    o_ref[...] = x_ref[...] + s.astype(x_ref.dtype)

x = jnp.zeros((4 * 8, 4 * 128))
y = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(4, 4),
    in_specs=[pl.BlockSpec((8, 128), lambda i, j: (i, j))],
    out_specs=pl.BlockSpec((8, 128), lambda i, j: (j, i)),
    scratch_shapes=(pltpu.SMEM((1,), jnp.int32),),
    input_output_aliases={0: 0},
    interpret=pltpu.InterpretParams(),
)(x)
print(y[::8, ::128])
# [tpu,chip] expect: [[ 0.  5. 10. 15.]
# [tpu,chip] expect:  [ 1.  5. 15. 20.]
# [tpu,chip] expect:  [ 2.  6. 10. 25.]
# [tpu,chip] expect:  [ 3.  7. 11. 15.]]
# [interpret] expect: [[ 0.  4.  8. 12.]
# [interpret] expect:  [ 1.  5.  9. 13.]
# [interpret] expect:  [ 2.  6. 10. 14.]
# [interpret] expect:  [ 3.  7. 11. 15.]]
