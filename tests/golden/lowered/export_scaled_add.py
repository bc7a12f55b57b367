# A two-input elementwise kernel, scaled on the host, cross-lowered for a TPU
# from any machine: the module text shows the tpu_custom_call and the chip
# model's Mosaic rendering of the kernel.
import jax
import jax.numpy as jnp
from jax import export
from jax.experimental import pallas as pl


def scaled_add_kernel(a_ref, b_ref, out_ref):
    out_ref[...] = a_ref[...] * 0.5 + b_ref[...]


@jax.jit
def scaled_add(a, b):
    out = pl.pallas_call(
        scaled_add_kernel,
        out_shape=jax.ShapeDtypeStruct(a.shape, a.dtype),
        grid=(a.shape[0] // 8,),
        in_specs=[pl.BlockSpec((8, 256), lambda i: (i, 0)), pl.BlockSpec((8, 256), lambda i: (i, 0))],
        out_specs=pl.BlockSpec((8, 256), lambda i: (i, 0)),
    )(a, b)
    return jnp.tanh(out)


spec = jax.ShapeDtypeStruct((32, 256), jnp.float32)
exported = export.export(scaled_add, platforms=["tpu"])(spec, spec)
print(exported.in_avals, exported.out_avals)
