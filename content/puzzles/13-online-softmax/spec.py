import numpy as np
import jax
import jax.numpy as jnp


def puzzle_inputs(seed, rows, cols, scale):
    rng = np.random.default_rng(seed)
    return (jnp.asarray((scale * rng.standard_normal((rows, cols))).astype(np.float32)),)


def puzzle_spec(x):
    return jax.nn.logsumexp(x, axis=1, keepdims=True)
