# lax.fori_loop over a bound read from SMEM (traced) refuses a real unroll,
# but unroll=False (and 1, or True, which equals 1) means no unrolling and
# is accepted, as MLA kernels pass it for their loop over KV blocks.
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

smem = pl.BlockSpec(memory_space=pltpu.SMEM)

def sums_kernel(n_ref, o_ref):
    n = n_ref[0]
    o_ref[0] = lax.fori_loop(0, n, lambda i, c: c + i, jnp.int32(0), unroll=False)
    o_ref[1] = lax.fori_loop(0, n, lambda i, c: c + 1, jnp.int32(0), unroll=1)

def unrolled_kernel(n_ref, o_ref):
    o_ref[0] = lax.fori_loop(0, n_ref[0], lambda i, c: c + i, jnp.int32(0), unroll=2)  # expect error: ValueError: Can only use `unroll` in `fori_loop` if the loop bounds are statically known.

n = jnp.array([5], jnp.int32)
out = pl.pallas_call(sums_kernel, in_specs=[smem], out_specs=smem,
                     out_shape=jax.ShapeDtypeStruct((2,), jnp.int32), interpret=True)(n)
print(out)  # expect: [10  5]
pl.pallas_call(unrolled_kernel, in_specs=[smem], out_specs=smem,
               out_shape=jax.ShapeDtypeStruct((2,), jnp.int32), interpret=True)(n)
