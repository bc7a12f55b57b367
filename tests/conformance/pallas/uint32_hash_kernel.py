# A counter-based hash of the kind dropout kernels use to make keep-masks:
# uint32 arithmetic with constants above 2**31, which JAX converts to the
# array's dtype (they fit in uint32) instead of overflowing int32.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

GOLDEN = 0x9E3779B9
MIX = 0x85EBCA6B


def hash_kernel(counter_ref, out_ref, keep_ref):
  h = counter_ref[...] * GOLDEN + 0x7F4A7C15
  h = h ^ (h >> 16)
  h = h * MIX
  h = h ^ (h >> 13)
  out_ref[...] = h
  keep_ref[...] = (h < 0xC0000000).astype(jnp.int32)


counters = jnp.arange(8 * 128, dtype=jnp.uint32).reshape(8, 128)
hashed, keep = pl.pallas_call(
    hash_kernel,
    out_shape=(jax.ShapeDtypeStruct((8, 128), jnp.uint32),
               jax.ShapeDtypeStruct((8, 128), jnp.int32)),
    interpret=True,
)(counters)
print(hashed.dtype)  # expect: uint32
print(hashed[0, :4])  # expect: [231551199 572424190 588233119 613784885]
print(hashed[7, -1])  # expect: 2862902270
print(int(keep.sum()))  # expect: 756
