# What jax.export refuses, in JAX's words: a function that is not jitted,
# host callbacks in the module (jax.debug.print prints at run time, so the
# module needs one), and the platforms Rungs does not model. The VMEM
# budget is libtpu's compile step: exporting a kernel too big for VMEM works,
# compiling it on the TPU host fails (the CPU host refuses to lower it).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def copy_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]


def huge_copy(x):
    return pl.pallas_call(copy_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)  # [interpret,tpu] expect error: ValueError: Only interpret mode is supported on CPU backend.


def noisy(x):
    jax.debug.print("x sums to {}", x.sum())
    return x * 2


spec = jax.ShapeDtypeStruct((8, 128), jnp.float32)
attempts = [
    lambda: jax.export.export(noisy),
    lambda: jax.export.export(jax.jit(noisy), platforms=["tpu"])(spec),
    lambda: jax.export.export(jax.jit(noisy), platforms=["cuda"])(spec),
]
for attempt in attempts:
    try:
        attempt()
    except (ValueError, NotImplementedError) as e:
        print(type(e).__name__, str(e).split(":")[0])
# expect: ValueError Function to be exported must be the result of `jit` but is
# expect: NotImplementedError serialization of host_callbacks is not yet implemented
# expect: NotImplementedError lowering for platform 'cuda' is not modelled by Rungs

lowered = jax.jit(noisy).lower(spec)
print("lowered, nothing printed")  # expect: lowered, nothing printed

big = jax.ShapeDtypeStruct((4096, 4096), jnp.float32)
exp = jax.export.export(jax.jit(huge_copy), platforms=["tpu"])(big)
print(exp.out_avals)  # expect: (ShapedArray(float32[4096,4096]),)
# Lowering on the CPU host is refused (no interpret); the TPU host lowers, then compiling runs out of VMEM.
jax.jit(huge_copy).lower(big).compile()  # [chip] expect error: JaxRuntimeError: RESOURCE_EXHAUSTED: Ran out of memory in memory space vmem. ...
