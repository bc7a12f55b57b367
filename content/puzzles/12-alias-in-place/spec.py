import numpy as np
import jax.numpy as jnp


def puzzle_inputs(seed, blocks):
    rng = np.random.default_rng(seed)
    index = np.array([rng.integers(0, blocks)], dtype=np.int32)
    cache = rng.standard_normal((blocks * 8, 128)).astype(np.float32)
    update = rng.standard_normal((8, 128)).astype(np.float32)
    return jnp.asarray(index), jnp.asarray(cache), jnp.asarray(update)


def puzzle_spec(index, cache, update):
    start = int(index[0]) * 8
    return cache.at[start:start + 8].set(update)
