# pltpu.roll with the shift read from SMEM inside the kernel, as JAX's
# tpu_pallas_test.py rolls by a traced scalar: the interpreters give
# jnp.roll's values; the chip model has no lowering for the dynamic
# rotation yet and refuses it, located at the kernel's roll.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(x_ref, shift_ref, o_ref):
    o_ref[...] = pltpu.roll(x_ref[...], shift=shift_ref[0], axis=1)  # [chip] expect error: NotImplementedError: Unimplemented primitive in Pallas TPU lowering for tc: dynamic_slice. Please file an issue at https://github.com/jax-ml/jax/issues/new/choose.


x = jnp.arange(8 * 128, dtype=jnp.float32).reshape(8, 128)
for shift in (0, 3, 127, 130):
    out = pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM), pl.BlockSpec(memory_space=pltpu.SMEM)],
    )(x, jnp.array([shift], jnp.int32))
    print(shift, bool(jnp.array_equal(out, jnp.roll(x, shift, 1))), out[0, :3])
# [interpret,tpu] expect: 0 True [0. 1. 2.]
# [interpret,tpu] expect: 3 True [125. 126. 127.]
# [interpret,tpu] expect: 127 True [1. 2. 3.]
# [interpret,tpu] expect: 130 True [126. 127.   0.]
