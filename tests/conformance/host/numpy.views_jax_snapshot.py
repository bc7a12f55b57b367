# A JAX array made from a NumPy buffer is a snapshot (JAX arrays never
# alias): later writes into the buffer, or into a view of it, do not reach
# the JAX array or a kernel's input; a view can be passed to JAX directly.
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl

buf = np.ones((8, 128), dtype=np.float32)
row = buf[0]
before = jnp.asarray(buf)
row[:] = 5.0
print(before[0, 0], buf[0, 0], jnp.asarray(row)[0])  # expect: 1.0 5.0 5.0

def double(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2

call = pl.pallas_call(double, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32), interpret=True)
out = call(buf)
buf[:] = 0
print(out[0, 0], out[1, 0], buf.sum())  # expect: 10.0 2.0 0.0
top = buf[:8]
top += 3
out2 = call(top)
print(out2[7, 127], out2.dtype)  # expect: 6.0 float32
