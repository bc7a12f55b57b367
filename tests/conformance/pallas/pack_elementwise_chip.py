# pltpu.pack_elementwise / unpack_elementwise: primitives only Mosaic lowers.
# On the chip rung two f32 rows pack into bf16 halves of uint32 words (the
# first array in the low bits) and unpack back; JAX's interpreters hand the
# kernel to XLA on CPU, which has no lowering for them.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(a_ref, b_ref, packed_ref, lo_ref, hi_ref):
    packed = pltpu.pack_elementwise([a_ref[...], b_ref[...]], packed_dtype=jnp.bfloat16)  # [interpret,tpu] expect error: NotImplementedError: MLIR translation rule for primitive 'pack_elementwise' not found for platform cpu
    packed_ref[...] = packed
    lo_ref[...] = pltpu.unpack_elementwise(packed, index=0, packed_dtype=jnp.bfloat16, unpacked_dtype=jnp.float32)
    hi_ref[...] = pltpu.unpack_elementwise(packed, index=1, packed_dtype=jnp.bfloat16, unpacked_dtype=jnp.float32)


a = jnp.full((8, 128), 1.0, jnp.float32)
b = jnp.full((8, 128), -2.5, jnp.float32)
shapes = (jax.ShapeDtypeStruct((8, 128), jnp.uint32), jax.ShapeDtypeStruct((8, 128), jnp.float32),
          jax.ShapeDtypeStruct((8, 128), jnp.float32))
packed, lo, hi = pl.pallas_call(kernel, out_shape=shapes)(a, b)
print(int(packed[0, 0]) == 0xC0203F80, float(lo[3, 5]), float(hi[7, 127]))  # [chip] expect: True 1.0 -2.5
