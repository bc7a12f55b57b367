# jax.threefry_partitionable as JAX's PRNG tests wrap their draws: True is
# JAX's default layout since 0.5.0 and the only one Rungs draws, so draws
# inside the block equal those outside; False (the old layout, other
# values) is refused rather than ignored.
import jax
import jax.numpy as jnp

key = jax.random.key(0)
outside = jax.random.bits(key, (4,))
with jax.threefry_partitionable(True):
    inside = jax.random.bits(key, (4,))
print(bool(jnp.array_equal(inside, outside)))  # expect: True
jax.config.update("jax_threefry_partitionable", True)
print(jax.random.uniform(key, (2, 3)).shape)  # expect: (2, 3)
with jax.threefry_partitionable(False):  # expect error: NotImplementedError: jax.threefry_partitionable(False) is not supported by Rungs
    pass
