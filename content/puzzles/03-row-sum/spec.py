import numpy as np
import jax.numpy as jnp


def puzzle_inputs(seed, rows, cols):
    rng = np.random.default_rng(seed)
    return (jnp.asarray(rng.standard_normal((rows, cols)).astype(np.float32)),)


def puzzle_spec(x):
    # Fold the columns 128 at a time: out[r, c] = sum over k of x[r, k * 128 + c].
    rows, cols = x.shape
    return x.reshape(rows, cols // 128, 128).sum(axis=1)
