# jax.random's integer and discrete samplers inside a kernel with a
# threefry key: randint, bernoulli, categorical (Gumbel-max over the
# block's logits), permutation and choice. Each draws threefry's bits, so
# every rung gives exactly the same values as the same calls on the host;
# permutation (and choice without replacement) sort random keys, which
# Pallas's TPU lowering cannot do, so the chip model refuses that kernel.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def draw_kernel(key_ref, logits_ref, ints_ref, mask_ref, cat_ref):
    key = jax.random.fold_in(key_ref[...], pl.program_id(0))
    k1, k2, k3 = jax.random.split(key, 3)
    ints_ref[...] = jax.random.randint(k1, (8, 128), -5, 100)
    mask_ref[...] = jax.random.bernoulli(k2, 0.3, (8, 128)).astype(jnp.int32)
    cat_ref[...] = jax.random.categorical(k3, logits_ref[...], axis=0, shape=(1, 128))[None]


key = jax.random.key_data(jax.random.key(7))
logits = jnp.log(jnp.linspace(0.1, 1.0, 8 * 128).reshape(8, 128))
spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
ints, mask, cat = pl.pallas_call(
    draw_kernel,
    grid=(2,),
    in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM), pl.BlockSpec((8, 128), lambda i: (0, 0))],
    out_specs=[spec, spec, pl.BlockSpec((1, 1, 128), lambda i: (i, 0, 0))],
    out_shape=[jax.ShapeDtypeStruct((16, 128), jnp.int32)] * 2 + [jax.ShapeDtypeStruct((2, 1, 128), jnp.int32)],
)(key, logits)


def host(i):
    k1, k2, k3 = jax.random.split(jax.random.fold_in(key, i), 3)
    return (jax.random.randint(k1, (8, 128), -5, 100), jax.random.bernoulli(k2, 0.3, (8, 128)).astype(jnp.int32),
            jax.random.categorical(k3, logits, axis=0, shape=(1, 128)))


want = [host(i) for i in range(2)]
print(bool(jnp.array_equal(ints, jnp.concatenate([w[0] for w in want]))))  # expect: True
print(bool(jnp.array_equal(mask, jnp.concatenate([w[1] for w in want]))))  # expect: True
print(bool(jnp.array_equal(cat, jnp.stack([w[2] for w in want]))))  # expect: True
print(int(ints.min()) >= -5, int(ints.max()) < 100, abs(float(mask.mean()) - 0.3) < 0.05)  # expect: True True True
print(cat.dtype, int(cat.min()) >= 0, int(cat.max()) < 8)  # expect: int32 True True


def shuffle_kernel(key_ref, o_ref, c_ref):
    key = key_ref[...]
    o_ref[...] = jax.random.permutation(key, 16)  # [chip] expect error: NotImplementedError: Unimplemented primitive in Pallas TPU lowering for tc: sort. Please file an issue at https://github.com/jax-ml/jax/issues/new/choose.
    c_ref[...] = jax.random.choice(jax.random.fold_in(key, 1), 100, (4,), replace=False)


perm, picked = pl.pallas_call(
    shuffle_kernel,
    in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
    out_shape=[jax.ShapeDtypeStruct((16,), jnp.int32), jax.ShapeDtypeStruct((4,), jnp.int32)],
)(key)
print(bool(jnp.array_equal(perm, jax.random.permutation(key, 16))), sorted(perm.tolist()) == list(range(16)))  # [interpret,tpu] expect: True True
print(bool(jnp.array_equal(picked, jax.random.choice(jax.random.fold_in(key, 1), 100, (4,), replace=False))))  # [interpret,tpu] expect: True
