# pl.empty_ref_like makes an empty Ref like a MemoryRef (its memory space)
# or a ShapeDtypeStruct (ANY); jax.ds is pl.ds. Inside a kernel the Ref is
# one of the kernel's buffers.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(x_ref, o_ref):
    tmp = pl.empty_ref_like(pltpu.VMEM((8, 128), jnp.float32))
    tmp[...] = x_ref[:, :128] * 2.0
    o_ref[...] = jnp.zeros_like(o_ref)
    o_ref[:, jax.ds(0, 128)] = tmp[...]


x = jnp.ones((8, 256), jnp.float32)
y = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((8, 256), jnp.float32))(x)
print(y[0, 127], y[0, 128])  # expect: 2.0 0.0
print(jax.ds(2, 3))  # expect: Slice(start=2, size=3, stride=1)
pl.empty_ref_like(jnp.ones(3))  # expect error: ValueError: empty_ref_like does not support <class 'ArrayImpl'>
