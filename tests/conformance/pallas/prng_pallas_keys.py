# Pallas keys: pltpu.to_pallas_key turns a threefry key into the key data
# of JAX's pallas_tpu PRNG (uint32 of shape (1, 2): the words
# jax.random.bits draws from it), and jax.random's samplers given such a
# key seed the TPU's hardware generator with those words and draw from it.
# Each rung gives what its generator gives: the chip model's seeded bits
# (the key fixes them, fold_in changes them), JAX's TPU interpreter's
# zeros, and JAX's generic interpreter's refusal of prng_seed. Outside a
# kernel JAX has no rule for prng_seed on either platform (the chip rung
# models a TPU host), and a Pallas key cannot split.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

key = pltpu.to_pallas_key(jax.random.key(0))
print(key.dtype, key.shape)  # expect: uint32 (1, 2)
print(bool(jnp.array_equal(key, jax.random.bits(jax.random.key(0), (1, 2), jnp.uint32))))  # expect: True
keys = jax.random.split(jax.random.key(0), 3)
batch = pltpu.to_pallas_key(keys)
print(batch.shape, bool(jnp.array_equal(batch[1], pltpu.to_pallas_key(keys[1]))))  # expect: (3, 1, 2) True
print(bool(jnp.array_equal(jax.vmap(pltpu.to_pallas_key)(keys), batch)))  # expect: True
print(jax.random.key(5, impl="pallas_tpu").tolist(), bool(jnp.array_equal(jax.random.key_data(key), key)))  # expect: [[5, 5]] True
try:
    jax.random.uniform(key, (1,))
except NotImplementedError as e:
    print(e)  # [interpret,tpu] expect: MLIR translation rule for primitive 'prng_seed' not found for platform cpu  # [chip] expect: MLIR translation rule for primitive 'prng_seed' not found for platform tpu
try:
    jax.random.split(key)
except NotImplementedError as e:
    print(e)  # expect: Cannot split a Pallas key. Use fold_in instead to generate new keys.


def body(key_ref, o_ref):
    k = key_ref[...]
    o_ref[0, ...] = jax.random.uniform(k, shape=o_ref[0, ...].shape, minval=0.0, maxval=1.0)
    o_ref[1, ...] = jax.random.uniform(jax.random.fold_in(k, jnp.uint32(2)), shape=o_ref[1, ...].shape)


def run(k):
    return pl.pallas_call(  # [interpret] expect error: NotImplementedError: MLIR translation rule for primitive 'prng_seed' not found for platform cpu
        body,
        in_specs=[pl.BlockSpec(memory_space=pltpu.SMEM)],
        out_shape=jax.ShapeDtypeStruct((2, 8, 128), jnp.float32),
    )(k)


a = run(key)
b = run(key)
c = run(pltpu.to_pallas_key(jax.random.key(1)))
print(bool(jnp.array_equal(a, b)), bool(jnp.array_equal(a, c)))  # [tpu] expect: True True  # [chip] expect: True False
print(bool(jnp.array_equal(a[0], a[1])))  # [tpu] expect: True  # [chip] expect: False
print(float(a.min()) >= 0.0, float(a.max()) < 1.0)  # [tpu,chip] expect: True True
print(round(float(a.mean()), 1))  # [tpu] expect: 0.0  # [chip] expect: 0.5
