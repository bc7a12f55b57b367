# SEMANTICS T19: "parallel" grid dims are visited in an order drawn from
# random_seed (seed 12345 visits rows 2, 3, 0, 1); "arbitrary" dims keep
# their order. The kernel numbers the grid points in visiting order, and
# grid_point_recorder sees (token, point, core) for each. Rung 1 visits
# rows in order and never calls the recorder; so does the chip (TPU v5e, one
# TensorCore, without a chip_order_seed), which ignores InterpretParams.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

points = []

def recorder(token, point, core):
    points.append((tuple(int(c) for c in point), int(core)))
    return token

def kernel(s_ref, o_ref):
    s = s_ref[0]
    s_ref[0] = s + 1
    o_ref[...] = jnp.full(o_ref.shape, s, jnp.float32)

result = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct((32, 512), jnp.float32),
    grid=(4, 4),
    in_specs=[pl.BlockSpec(memory_space=pltpu.SMEM)],
    out_specs=pl.BlockSpec((8, 128), lambda i, j: (i, j)),
    interpret=pltpu.InterpretParams(random_seed=12345, grid_point_recorder=recorder),
    compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel", "arbitrary")),
)(jnp.zeros((1,), jnp.int32))
print(result[::8, ::128])
# [tpu] expect: [[ 8.  9. 10. 11.]
# [tpu] expect:  [12. 13. 14. 15.]
# [tpu] expect:  [ 0.  1.  2.  3.]
# [tpu] expect:  [ 4.  5.  6.  7.]]
# [interpret,chip] expect: [[ 0.  1.  2.  3.]
# [interpret,chip] expect:  [ 4.  5.  6.  7.]
# [interpret,chip] expect:  [ 8.  9. 10. 11.]
# [interpret,chip] expect:  [12. 13. 14. 15.]]
print(len(points), points[:5])  # [tpu] expect: 16 [((2, 0), 0), ((2, 1), 0), ((2, 2), 0), ((2, 3), 0), ((3, 0), 0)]
                                # [interpret,chip] expect: 0 []
print(points[-1:])  # [tpu] expect: [((1, 3), 0)]
                   # [interpret,chip] expect: []
