# pl.lower_as_mlir jits and exports for a TPU and returns the module text; a
# pl.CostEstimate travels in the custom call's backend_config, written as
# JAX writes it (sorted keys, compact, MLIR's \22 for quotes). Arguments
# that decide Python control flow must be static, as under jax.jit.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def softsign_kernel(x_ref, o_ref):
    x = x_ref[...]
    o_ref[...] = x / (1.0 + jnp.abs(x))


def softsign(x, with_cost):
    cost = pl.CostEstimate(flops=3 * x.size, transcendentals=0, bytes_accessed=2 * x.size * 4) if with_cost else None
    return pl.pallas_call(
        softsign_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        cost_estimate=cost,
    )(x)


spec = jax.ShapeDtypeStruct((16, 128), jnp.float32)
text = pl.lower_as_mlir(softsign, spec, with_cost=True, static_argnames=["with_cost"])
print("tpu_custom_call" in text, "flops\\22:6144" in text, "bytes_accessed\\22:16384" in text)  # expect: True True True
plain = pl.lower_as_mlir(softsign, spec, with_cost=False, static_argnames=["with_cost"])
print("cost_estimate" in plain, "softsign_kernel" in plain)  # expect: False True
try:
    pl.lower_as_mlir(softsign, spec, with_cost=True)
except jax.errors.TracerBoolConversionError as e:
    print(str(e).splitlines()[0])  # expect: Attempted boolean conversion of traced array with shape bool[].
