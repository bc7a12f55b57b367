# jax.random inside a kernel with a threefry key: each grid step folds its
# program id into the key and draws a dropout mask and a noise block. The
# draws are threefry's, bit for bit, so they equal the same calls on the host.
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

RATE = 0.25
BLOCK = (8, 128)


def dropout_kernel(key_ref, x_ref, o_ref, noise_ref):
    step_key = jax.random.fold_in(jax.random.wrap_key_data(key_ref[...]), pl.program_id(0))
    keep_key, noise_key = jax.random.split(step_key)
    keep = jax.random.bernoulli(keep_key, 1.0 - RATE, BLOCK)
    o_ref[...] = jnp.where(keep, x_ref[...] / (1.0 - RATE), 0.0)
    noise_ref[...] = jax.random.normal(noise_key, BLOCK)


@jax.jit
def dropout(key, x):
    spec = pl.BlockSpec(BLOCK, lambda i: (i, 0))
    return pl.pallas_call(
        dropout_kernel,
        grid=(x.shape[0] // BLOCK[0],),
        in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM), spec],
        out_specs=[spec, spec],
        out_shape=[jax.ShapeDtypeStruct(x.shape, x.dtype)] * 2,
    )(key, x)


key = jax.random.key_data(jax.random.key(2024))
x = jnp.ones((32, 128), jnp.float32)
out, noise = dropout(key, x)


def host_block(i):
    keep_key, noise_key = jax.random.split(jax.random.fold_in(key, i))
    keep = jax.random.bernoulli(keep_key, 1.0 - RATE, BLOCK)
    return jnp.where(keep, 1.0 / (1.0 - RATE), 0.0), jax.random.normal(noise_key, BLOCK)


expected = [host_block(i) for i in range(4)]
print(bool(jnp.array_equal(out, jnp.concatenate([e[0] for e in expected]))))    # expect: True
print(bool(jnp.array_equal(noise, jnp.concatenate([e[1] for e in expected]))))  # expect: True
print(abs(float(jnp.mean(out == 0.0)) - RATE) < 0.05)                          # expect: True


def bf16_noise_kernel(key_ref, o_ref):
    o_ref[...] = jax.random.uniform(jax.random.wrap_key_data(key_ref[...]), (8, 128), dtype=jnp.bfloat16)  # expect error: NotImplementedError: jax.random.uniform of bfloat16 values inside a traced function (a kernel body or index map) is not supported by Rungs; draw float32 values and cast them, or draw them on the host and pass them in


pl.pallas_call(bf16_noise_kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.bfloat16))(key)
