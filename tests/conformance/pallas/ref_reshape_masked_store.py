# A masked pltpu.store through a reshaped view (rows of a [pages, rows,
# lanes] block seen flat): only the masked rows change. TPU interpret mode
# has no rule for the reshape; the chip writes the masked rows. The generic
# interpreter cannot write through it either: JAX's discharge of this
# masked swap (pallas primitives' _swap_discharge_rule) hands back the
# reshaped view's value as the whole ref's, whose shape differs; Rungs
# refuses it before the kernel runs with state discharge's text for writes
# through a reshape rather than reproduce that mismatch.
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def masked_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]
    flat = o_ref.reshape(16, 128)
    rows = lax.broadcasted_iota(jnp.int32, (16, 128), 0)
    pltpu.store(flat, jnp.full((16, 128), -1.0, jnp.float32), mask=rows >= 12)  # [interpret] expect error: NotImplementedError: Unsupported transform: ReshapeTransform(shape=(16, 128))  # [tpu] expect error: AttributeError: 'ReshapeTransform' object has no attribute 'indices'

x = jnp.arange(2 * 8 * 128, dtype=jnp.float32).reshape(2, 8, 128)
out = pl.pallas_call(masked_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True)(x)
print(bool(jnp.array_equal(out[0], x[0])), bool(jnp.all(out[1, 4:] == -1.0)), bool(jnp.array_equal(out[1, :4], x[1, :4])))  # [chip] expect: True True True
