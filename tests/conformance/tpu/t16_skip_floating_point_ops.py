# SEMANTICS T16: skip_floating_point_ops=True does not evaluate equations
# whose outputs are all floating point; every float reads +inf. Memory
# traffic still runs, so the output is all +inf. The chip has no such switch
# and computes the product.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def matmul_kernel(x_ref, y_ref, z_ref):
    z_ref[...] = x_ref[...] @ y_ref[...]

k1, k2 = jax.random.split(jax.random.key(0))
x = jax.random.normal(k1, (256, 256))
y = jax.random.normal(k2, (256, 256))
z = pl.pallas_call(
    matmul_kernel,
    out_shape=jax.ShapeDtypeStruct((256, 256), jnp.float32),
    interpret=pltpu.InterpretParams(skip_floating_point_ops=True),
)(x, y)
print(bool(jnp.all(z == jnp.inf)))  # [tpu] expect: True
                                    # [interpret,chip] expect: False
