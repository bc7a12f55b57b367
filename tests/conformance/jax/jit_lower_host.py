# jax.jit(f).lower lowers for the host platform the rung models. On the CPU
# host (rungs 1-2) a kernel without interpret= is refused as JAX refuses it;
# on the chip rung's TPU host it lowers to a tpu_custom_call. A kernel that
# still passes interpret=True lowers to the interpreter's HLO everywhere, and
# Compiled runs like the jitted function.
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def double_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0


@functools.partial(jax.jit, static_argnames=["interpret"])
def double(x, interpret=False):
    return pl.pallas_call(
        double_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(2,),
        in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0))],
        out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
        interpret=interpret,
    )(x) + 1.0


spec = jax.ShapeDtypeStruct((16, 128), jnp.float32)
try:
    print("stablehlo.custom_call @tpu_custom_call" in double.lower(spec).as_text())  # [chip] expect: True
except ValueError as e:
    print(e)  # [interpret,tpu] expect: Only interpret mode is supported on CPU backend.

lowered = double.lower(spec, interpret=True)
text = lowered.as_text()
print("stablehlo.custom_call" in text, "func.call @double_kernel_interpret" in text)  # expect: False True
print(lowered.out_info)  # expect: ShapeDtypeStruct(shape=(16, 128), dtype=float32)
print(lowered.in_tree)  # expect: PyTreeDef(((*,), {}))
print(lowered.cost_analysis()["flops"])  # expect: 4096.0
compiled = lowered.compile()
print(compiled(jnp.ones((16, 128), jnp.float32))[0, :3])  # expect: [3. 3. 3.]

traced = double.trace(spec, interpret=True)
print(str(traced.jaxpr).splitlines()[0])  # expect: { lambda ; a:f32[16,128]. let
print(double.eval_shape(spec, interpret=True))  # expect: ShapeDtypeStruct(shape=(16, 128), dtype=float32)
print(jax.jit(lambda a, b: a @ b).eval_shape(spec, jax.ShapeDtypeStruct((128, 4), jnp.bfloat16)))  # expect: ShapeDtypeStruct(shape=(16, 4), dtype=float32)
