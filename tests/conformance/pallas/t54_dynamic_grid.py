# SEMANTICS T54: a grid size given as an array is dynamic; num_programs of a
# static dimension is a Python int at trace time.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def count_kernel(o_ref):
    @pl.when(pl.program_id(0) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)
    o_ref[...] += 1.0

steps = jnp.int32(4)
out = pl.pallas_call(
    count_kernel,
    grid=(2 * steps,),
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    interpret=True,
)()
print(float(out[0, 0]), float(out.min()))  # expect: 8.0 8.0

def static_kernel(o_ref):
    n = pl.num_programs(0)
    print(type(n).__name__, n)  # expect: int 2
    o_ref[...] = jnp.zeros_like(o_ref)

pl.pallas_call(static_kernel, grid=(2,), out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32), interpret=True)()
