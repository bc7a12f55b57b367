# A Pallas PRNG kernel in the style of JAX's ops/tpu/random/threefry.py:
# the key sits in SMEM, each element hashes its own counter with the
# threefry2x32 primitive, and the bits equal jax.random.bits on the host.
import jax
import jax.numpy as jnp
from jax._src.random import threefry2x32
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def threefry_kernel(key_ref, out_ref):
    k1 = jnp.reshape(key_ref[0, 0], (1, 1))
    k2 = jnp.reshape(key_ref[0, 1], (1, 1))
    rows = jax.lax.broadcasted_iota(jnp.uint32, out_ref.shape, 0)
    cols = jax.lax.broadcasted_iota(jnp.uint32, out_ref.shape, 1)
    counts_lo = rows * jnp.uint32(out_ref.shape[1]) + cols
    counts_hi = jnp.zeros_like(counts_lo)
    o1, o2 = threefry2x32.threefry2x32_p.bind(k1, k2, counts_hi, counts_lo)
    out_ref[...] = o1 ^ o2


key = jax.random.PRNGKey(42).reshape(1, 2)
bits = pl.pallas_call(
    threefry_kernel,
    in_specs=[pl.BlockSpec(memory_space=pltpu.SMEM)],
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.uint32),
)(key)
print(bits[0, :4])  # expect: [2098992034 2919706841 2646866425 2409546199]
print(bool((bits.reshape(-1) == jax.random.bits(jax.random.PRNGKey(42), (1024,))).all()))  # expect: True
