# A reversed scan in a kernel (a length only, a tuple carry): the
# interpreters run it; the chip's _scan_lowering_rule refuses reverse=True
# with a bare NotImplementedError, before it looks at anything else.
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl


def kernel(x_ref, o_ref):
    x = x_ref[...]
    col_max = jnp.max(x, axis=0)
    # Backwards over 4 steps: the step index is the carry's first part.
    (k, acc), _ = lax.scan(lambda c, _: ((c[0] + 1, c[1] * 2.0 + col_max), None), (0, col_max), None, length=4, reverse=True)  # [chip] expect error: NotImplementedError
    o_ref[...] = jnp.broadcast_to(acc, (8, 128)) + k


x = jnp.arange(8 * 128, dtype=jnp.float32).reshape(8, 128) % 5.0
out = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32))(x)
print(out[0, :3])  # [interpret,tpu] expect: [128. 128. 128.]
