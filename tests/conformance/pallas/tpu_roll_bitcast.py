# pltpu.roll and pltpu.bitcast as quantized and attention kernels use them:
# a lane rotation inside the kernel, bf16 rows packed pairwise into int32
# words and unpacked again. lax.bitcast_convert_type changing the width
# works on the host and in the interpreters; Mosaic refuses it in a kernel.
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def rotate_and_pack(x_ref, rot_ref, packed_ref, unpacked_ref):
    rot_ref[...] = pltpu.roll(x_ref[...], 3, 1)
    words = pltpu.bitcast(x_ref[...].astype(jnp.bfloat16), jnp.int32)
    packed_ref[...] = words
    unpacked_ref[...] = pltpu.bitcast(words, jnp.bfloat16).astype(jnp.float32)


x = jnp.arange(16 * 128, dtype=jnp.float32).reshape(16, 128) % 200
rot, packed, unpacked = pl.pallas_call(
    rotate_and_pack,
    out_shape=(
        jax.ShapeDtypeStruct((16, 128), jnp.float32),
        jax.ShapeDtypeStruct((8, 128), jnp.int32),
        jax.ShapeDtypeStruct((16, 128), jnp.float32),
    ),
)(x)
print(rot[0, :5], bool(jnp.array_equal(rot, jnp.roll(x, 3, 1))))  # expect: [125. 126. 127.   0.   1.] True
print(packed.shape, packed[0, :2])  # expect: (8, 128) [1124073472 1124155264]
print(bool(jnp.array_equal(unpacked, x)))  # expect: True
print(pl.next_power_of_2(100), pl.align_to(13, 8), pltpu.ChipVersion.TPU_V5E)  # expect: 128 16 v5e
print(lax.bitcast_convert_type(jnp.ones((2,), jnp.float32), jnp.uint8)[1])  # expect: [  0   0 128  63]
pltpu.roll(x, -1, 0)  # expect error: ValueError: shift must be non-negative.
