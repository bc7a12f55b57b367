import numpy as np
import jax.numpy as jnp


def puzzle_inputs(seed, rows):
    rng = np.random.default_rng(seed)
    return (jnp.asarray(rng.standard_normal((rows, 256)).astype(np.float32)),)


def puzzle_spec(x):
    return jnp.maximum(x, 0.0)
