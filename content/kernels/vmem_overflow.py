# A VMEM overflow: double-buffered (512, 512) blocks need 4 MiB, and the kernel allows 2 MiB.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def add_one_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0


x = jnp.zeros((1024, 512), jnp.float32)
spec = pl.BlockSpec((512, 512), lambda i: (i, 0))
y = pl.pallas_call(
    add_one_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(2,),
    in_specs=[spec],
    out_specs=spec,
    # 2 operands x 2 buffers x 1 MiB = 4 MiB of VMEM; interpreters have no VMEM size at all.
    compiler_params=pltpu.CompilerParams(vmem_limit_bytes=2 * 1024 * 1024),
    interpret=True,
)(x)
print(float(y.mean()))
