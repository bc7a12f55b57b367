# The TPU's hardware generator, rung by rung. A dropout-style kernel seeds
# it per grid step and draws a block of bits. On the chip model the bits
# depend on the seed and on the step; JAX's TPU interpreter ignores the
# seed and returns zeros (a documented quirk); JAX's generic interpreter
# has no rule for the primitive at all.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def draw_kernel(seed_ref, bits_ref):
  pltpu.prng_seed(seed_ref[0], pl.program_id(0))
  bits_ref[...] = pltpu.prng_random_bits(bits_ref.shape)


def draw(seed):
  # JAX's generic interpreter fails when XLA lowers the call, so the error
  # names the call, not the kernel line.
  return pl.pallas_call(  # [interpret] expect error: NotImplementedError: MLIR translation rule for primitive 'prng_seed' not found for platform cpu
      draw_kernel,
      grid=(2,),
      in_specs=[pl.BlockSpec(memory_space=pltpu.SMEM)],
      out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
      out_shape=jax.ShapeDtypeStruct((16, 128), jnp.int32),
      interpret=True,
  )(jnp.array([seed], jnp.int32))


a = draw(7)
b = draw(7)
c = draw(8)
print(a.dtype, a.shape)  # [tpu,chip] expect: int32 (16, 128)
print(bool(jnp.array_equal(a, b)))  # [tpu,chip] expect: True
print(bool(jnp.array_equal(a, c)))  # [tpu] expect: True  # [chip] expect: False
print(bool(jnp.array_equal(a[:8], a[8:])))  # [tpu] expect: True  # [chip] expect: False
ones = jnp.sum(jax.lax.population_count(a)) / (a.size * 32)
print(round(float(ones), 2))  # [tpu] expect: 0.0  # [chip] expect: 0.5
