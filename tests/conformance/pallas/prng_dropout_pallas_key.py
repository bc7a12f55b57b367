# Attention-dropout style: a Pallas key in SMEM, one key per grid step via
# jax.random.fold_in(key, program_id) (the PRNG guide's advice for grids),
# and a bernoulli keep-mask from the hardware generator. On the chip model
# the steps draw different masks at about the keep rate, and the same key
# gives the same masks; JAX's TPU interpreter draws zero bits, so every
# element is kept; its generic interpreter has no rule for prng_seed.
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

KEEP = 0.9


def dropout_kernel(key_ref, x_ref, o_ref):
    key = jax.random.fold_in(key_ref[...], pl.program_id(0))
    keep = jax.random.bernoulli(key, KEEP, x_ref.shape)
    o_ref[...] = jnp.where(keep, x_ref[...] / KEEP, 0.0)


@functools.partial(jax.jit, static_argnames=("block",))
def dropout(key, x, block=8):
    spec = pl.BlockSpec((block, 128), lambda i: (i, 0))
    return pl.pallas_call(  # [interpret] expect error: NotImplementedError: MLIR translation rule for primitive 'prng_seed' not found for platform cpu
        dropout_kernel,
        grid=(x.shape[0] // block,),
        in_specs=[pl.BlockSpec(memory_space=pltpu.SMEM), spec],
        out_specs=spec,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    )(key, x)


key = pltpu.to_pallas_key(jax.random.key(1234))
x = jnp.ones((32, 128), jnp.float32)
y = dropout(key, x)
kept = y != 0.0
print(y.shape, bool(jnp.array_equal(y, dropout(key, x))))  # [tpu,chip] expect: (32, 128) True
print(bool(jnp.all(kept)), abs(float(jnp.mean(kept)) - KEEP) < 0.02)  # [tpu] expect: True False  # [chip] expect: False True
print(bool(jnp.array_equal(kept[:8], kept[8:16])))  # [tpu] expect: True  # [chip] expect: False
print(round(float(jnp.max(y)), 4))  # [tpu,chip] expect: 1.1111
