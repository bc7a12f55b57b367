import numpy as np
import jax.numpy as jnp


def puzzle_inputs(seed, rows):
    rng = np.random.default_rng(seed)
    return (jnp.asarray(rng.standard_normal((rows, 128)).astype(np.float32)),)


def puzzle_spec(x):
    return x.sum(axis=0, keepdims=True)
