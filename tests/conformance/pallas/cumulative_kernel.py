# Running sums, products and maxima inside a kernel (jnp.cumsum,
# jnp.cumprod, lax.cummax). The interpreters compute them; the TPU
# lowering has no rule for cumsum (nor the others), so the chip refuses
# the first one it meets.
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl


def kernel(x_ref, s_ref, p_ref, m_ref):
    x = x_ref[...]
    s_ref[...] = jnp.cumsum(x, axis=1)  # [chip] expect error: NotImplementedError: Unimplemented primitive in Pallas TPU lowering for tc: cumsum. Please file an issue at https://github.com/jax-ml/jax/issues/new/choose.
    p_ref[...] = jnp.cumprod(x, axis=0)
    m_ref[...] = lax.cummax(x, axis=1)


x = jnp.tile(jnp.array([1.0, 3.0, 2.0, 0.0]), (8, 32))
shape = jax.ShapeDtypeStruct((8, 128), jnp.float32)
s, p, m = pl.pallas_call(kernel, out_shape=(shape, shape, shape))(x)
print(s[0, :4], s[5, 127])  # [interpret,tpu] expect: [1. 4. 6. 6.] 192.0
print(p[7, :4])  # [interpret,tpu] expect: [1.000e+00 6.561e+03 2.560e+02 0.000e+00]
print(m[2, :5])  # [interpret,tpu] expect: [1. 3. 3. 3. 3.]
