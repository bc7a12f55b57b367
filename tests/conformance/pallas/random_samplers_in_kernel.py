# Noise models drawn inside a kernel from a threefry key: exponential,
# laplace, logistic, rademacher and truncated_normal (an initializer's
# favourite), each bit-equal to the same call on the host on every rung
# (they are float32 arithmetic on threefry's words).
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

SHAPE = (8, 128)


def noise_kernel(key_ref, e_ref, l_ref, g_ref, r_ref, t_ref):
    k = jax.random.split(jax.random.fold_in(key_ref[...], pl.program_id(0)), 5)
    e_ref[...] = jax.random.exponential(k[0], SHAPE)
    l_ref[...] = jax.random.laplace(k[1], SHAPE)
    g_ref[...] = jax.random.logistic(k[2], SHAPE)
    r_ref[...] = jax.random.rademacher(k[3], SHAPE)
    t_ref[...] = jax.random.truncated_normal(k[4], -2.0, 2.0, SHAPE)


key = jax.random.key_data(jax.random.key(99))
spec = pl.BlockSpec(SHAPE, lambda i: (i, 0))
f32 = jax.ShapeDtypeStruct((16, 128), jnp.float32)
outs = pl.pallas_call(
    noise_kernel,
    grid=(2,),
    in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
    out_specs=[spec] * 5,
    out_shape=[f32, f32, f32, jax.ShapeDtypeStruct((16, 128), jnp.int32), f32],
)(key)


def host(i):
    k = jax.random.split(jax.random.fold_in(key, i), 5)
    return (jax.random.exponential(k[0], SHAPE), jax.random.laplace(k[1], SHAPE), jax.random.logistic(k[2], SHAPE),
            jax.random.rademacher(k[3], SHAPE), jax.random.truncated_normal(k[4], -2.0, 2.0, SHAPE))


want = [host(i) for i in range(2)]
print([bool(jnp.array_equal(o, jnp.concatenate([w[j] for w in want]))) for j, o in enumerate(outs)])  # expect: [True, True, True, True, True]
print(float(outs[0].min()) >= 0.0, sorted(set(outs[3].ravel().tolist())), float(jnp.abs(outs[4]).max()) < 2.0)  # expect: True [-1, 1] True
