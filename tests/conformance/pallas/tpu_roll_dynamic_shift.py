# pltpu.roll with the shift read from SMEM inside the kernel, as JAX's
# tpu_pallas_test.py rolls by a traced scalar: jnp.roll's values on every
# rung (also along the sublane axis and for int8).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(x_ref, shift_ref, o_ref):
    o_ref[...] = pltpu.roll(x_ref[...], shift=shift_ref[0], axis=1)


x = jnp.arange(8 * 128, dtype=jnp.float32).reshape(8, 128)
for shift in (0, 3, 127, 130):
    out = pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM), pl.BlockSpec(memory_space=pltpu.SMEM)],
    )(x, jnp.array([shift], jnp.int32))
    print(shift, bool(jnp.array_equal(out, jnp.roll(x, shift, 1))), out[0, :3])
# expect: 0 True [0. 1. 2.]
# expect: 3 True [125. 126. 127.]
# expect: 127 True [1. 2. 3.]
# expect: 130 True [126. 127.   0.]


def kernel0(x_ref, shift_ref, o_ref):
    o_ref[...] = pltpu.roll(x_ref[...], shift=shift_ref[0], axis=0)


y = jnp.arange(16 * 128, dtype=jnp.int8).reshape(16, 128)
out = pl.pallas_call(
    kernel0,
    out_shape=jax.ShapeDtypeStruct(y.shape, y.dtype),
    in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM), pl.BlockSpec(memory_space=pltpu.SMEM)],
)(y, jnp.array([5], jnp.int32))
print(bool(jnp.array_equal(out, jnp.roll(y, 5, 0))), out.dtype)  # expect: True int8
