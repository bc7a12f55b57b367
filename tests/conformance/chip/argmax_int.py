# argmax/argmin lower for float32 inputs only.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def kernel(x_ref, o_ref):
    o_ref[...] = jnp.broadcast_to(jnp.argmax(x_ref[...], axis=1)[:, None], o_ref.shape)  # [chip] expect error: NotImplementedError: Only float32 is supported

x = jnp.arange(8 * 128, dtype=jnp.int32).reshape(8, 128)
out = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.int32))(x)
print(int(out[0, 0]))  # [interpret,tpu] expect: 127
