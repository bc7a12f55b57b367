# pltpu's stateful samplers: jax.random's uniform/normal/bernoulli formulas
# over the hardware generator. The chip model's bits make real samples; JAX's
# TPU interpreter returns zero bits, so every uniform draw is `minval`, every
# normal draw is sqrt(2) * erf_inv(nextafter(-1, 0)) and every bernoulli
# draw is True.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def noise_kernel(seed_ref, u_ref, n_ref, keep_ref):
  pltpu.prng_seed(seed_ref[0], pl.program_id(0))
  u_ref[...] = pltpu.stateful_uniform(u_ref.shape, minval=-1.0, maxval=1.0)
  n_ref[...] = pltpu.stateful_normal(n_ref.shape)
  keep_ref[...] = pltpu.stateful_bernoulli(0.25, keep_ref.shape).astype(jnp.int32)


spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
u, n, keep = pl.pallas_call(  # [interpret] expect error: NotImplementedError: MLIR translation rule for primitive 'prng_seed' not found for platform cpu
    noise_kernel,
    grid=(4,),
    in_specs=[pl.BlockSpec(memory_space=pltpu.SMEM)],
    out_specs=[spec, spec, spec],
    out_shape=[jax.ShapeDtypeStruct((32, 128), jnp.float32)] * 2
    + [jax.ShapeDtypeStruct((32, 128), jnp.int32)],
    interpret=True,
)(jnp.array([2024], jnp.int32))
print(bool(u.min() >= -1.0), bool(u.max() < 1.0))  # [tpu,chip] expect: True True
print(round(float(jnp.mean(u)), 1), round(float(jnp.std(u)), 1))  # [tpu] expect: -1.0 0.0  # [chip] expect: 0.0 0.6
print(round(float(jnp.mean(n)), 1), round(float(jnp.std(n)), 1))  # [tpu] expect: -5.4 0.0  # [chip] expect: -0.0 1.0
print(round(float(jnp.mean(keep)), 2))  # [tpu] expect: 1.0  # [chip] expect: 0.24
