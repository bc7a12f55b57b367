# A quirk of cross-lowering that JAX has too: the rank-1 block rule asks
# get_tpu_info() for the chip's sublane and lane counts, and a CPU host has
# no TPU to answer, so exporting a kernel with one-dimensional blocks for
# "tpu" fails there. On the chip rung's TPU host the same export works.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def bump_kernel(v_ref, o_ref):
    o_ref[...] = v_ref[...] + 1.0


def bump(v):
    return pl.pallas_call(  # [interpret,tpu] expect error: ValueError: Unsupported TPU device kind: cpu. If you are not running on a TPU device, you need to wrap your code in a `jax.sharding.use_abstract_mesh` context manager whose `AbstractMesh` argument specifies the exact TPU version you intend to target.
        bump_kernel,
        out_shape=jax.ShapeDtypeStruct(v.shape, v.dtype),
        grid=(v.shape[0] // 1024,),
        in_specs=[pl.BlockSpec((1024,), lambda i: (i,))],
        out_specs=pl.BlockSpec((1024,), lambda i: (i,)),
    )(v)


exported = jax.export.export(jax.jit(bump), platforms=["tpu"])(jax.ShapeDtypeStruct((4096,), jnp.float32))
print(exported.in_avals)  # [chip] expect: (ShapedArray(float32[4096]),)
