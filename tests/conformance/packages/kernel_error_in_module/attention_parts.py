import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def _scores_kernel(q_ref, k_ref, o_ref):
    # The author forgot to transpose k: (8, 128) @ (8, 128) does not contract.
    o_ref[...] = jnp.dot(q_ref[...], k_ref[...])  # expect error: TypeError: dot_general requires contracting dimensions to have the same shape, got (128,) and (8,).


def scores(q, k):
    return pl.pallas_call(
        _scores_kernel,
        out_shape=jax.ShapeDtypeStruct((q.shape[0], k.shape[0]), q.dtype),
        interpret=True,
    )(q, k)
