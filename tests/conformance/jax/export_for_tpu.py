# jax.export cross-lowers a jitted function for a TPU from any host: no
# kernel runs (its debug_print prints nothing), the Exported describes the
# module, and calling it is refused on the CPU host the interpret rungs model.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def bias_relu_kernel(x_ref, b_ref, o_ref):
    @pl.when(pl.program_id(0) == 0)
    def _():
        pl.debug_print("kernel ran")

    o_ref[...] = jnp.maximum(x_ref[...] + b_ref[...], 0.0)


@jax.jit
def bias_relu(x, b):
    return pl.pallas_call(
        bias_relu_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(x.shape[0] // 8,),
        in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0)), pl.BlockSpec((1, 128), lambda i: (0, 0))],
        out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
    )(x, b)


x_spec = jax.ShapeDtypeStruct((32, 128), jnp.float32)
b_spec = jax.ShapeDtypeStruct((1, 128), jnp.float32)
exp = jax.export.export(bias_relu, platforms=["tpu"])(x_spec, b_spec)
print(exp)  # expect: Exported(fun_name=bias_relu, ...)
print(exp.platforms, exp.nr_devices)  # expect: ('tpu',) 1
print(exp.in_avals)  # expect: (ShapedArray(float32[32,128]), ShapedArray(float32[1,128]))
print(exp.out_avals)  # expect: (ShapedArray(float32[32,128]),)
print(exp.in_tree)  # expect: PyTreeDef(((*, *), {}))
print(exp.fun_name, exp.module_kept_var_idx)  # expect: bias_relu (0, 1)
text = exp.mlir_module()
print("stablehlo.custom_call @tpu_custom_call" in text, 'kernel_name = "bias_relu_kernel"' in text)  # expect: True True
print(jax.export.default_export_platform())  # [interpret,tpu] expect: cpu  # [chip] expect: tpu

restored = jax.export.deserialize(exp.serialize())
print(restored.fun_name, restored.out_avals[0].shape)  # expect: bias_relu (32, 128)

x = jnp.linspace(-1.0, 1.0, 32 * 128, dtype=jnp.float32).reshape(32, 128)
b = jnp.full((1, 128), 0.25, jnp.float32)
y = exp.call(x, b)  # [interpret,tpu] expect error: ValueError: Function 'bias_relu' was exported for platforms '('tpu',)' but it is used on '('cpu',)'.
print(float(y.sum()) > 0)  # [chip] expect: kernel ran
                           # [chip] expect: True
