# JAX test_grid_names: lax.axis_index on a named grid axis is the current
# grid coordinate in TPU interpret mode.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(x_ref, y_ref):
    y_ref[...] = x_ref[...] + 10 * jax.lax.axis_index("foo") + jax.lax.axis_index("bar")

y = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct((16, 512), jnp.float32),
    grid=(("foo", 2), ("bar", 4)),
    in_specs=[pl.BlockSpec((8, 128), lambda i, j: (i, j))],
    out_specs=pl.BlockSpec((8, 128), lambda i, j: (i, j)),
    interpret=pltpu.InterpretParams(),
)(jnp.zeros((16, 512), jnp.float32))
print(y[::8, ::128])
# expect: [[ 0.  1.  2.  3.]
# expect:  [10. 11. 12. 13.]]
