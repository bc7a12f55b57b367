import numpy as np
import jax.numpy as jnp


def puzzle_inputs(seed, blocks, picks):
    rng = np.random.default_rng(seed)
    table = rng.integers(0, blocks, size=(picks,)).astype(np.int32)
    table[-1] = blocks - 1  # the last block is always picked at least once
    x = rng.standard_normal((blocks * 8, 128)).astype(np.float32)
    return jnp.asarray(table), jnp.asarray(x)


def puzzle_spec(table, x):
    return x.reshape(-1, 8, 128)[table].reshape(-1, 128)
