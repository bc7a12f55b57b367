# The hardware generator draws 32 bits at a time: a bfloat16 uniform would
# need 16-bit draws, which JAX's sampler asserts against while tracing, so
# every rung stops there (before rung 1 would fail to lower the call).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def half_kernel(o_ref):
  pltpu.prng_seed(0)
  o_ref[...] = pltpu.stateful_uniform(o_ref.shape, jnp.bfloat16)  # expect error: AssertionError: Bit width must be 32


pl.pallas_call(half_kernel, out_shape=jax.ShapeDtypeStruct((16, 128), jnp.bfloat16), interpret=True)()
