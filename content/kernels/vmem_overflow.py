# A VMEM overflow: double-buffered (128, 128) blocks need 256 KiB, and the kernel allows 128 KiB.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def add_one_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0


x = jnp.zeros((256, 128), jnp.float32)
spec = pl.BlockSpec((128, 128), lambda i: (i, 0))
y = pl.pallas_call(
    add_one_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(2,),
    in_specs=[spec],
    out_specs=spec,
    # 2 operands x 2 buffers x 64 KiB = 256 KiB of VMEM; interpreters have no VMEM size at all.
    compiler_params=pltpu.CompilerParams(vmem_limit_bytes=128 * 1024),
    interpret=True,
)(x)
print(float(y.mean()))
