# Wrong on purpose: acc is not rescaled by alpha when the running max grows.
import functools
import math

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def flash_kernel(q_ref, k_ref, v_ref, o_ref, m_ref, l_ref, acc_ref, *, scale):
    j = pl.program_id(1)

    @pl.when(j == 0)
    def _init():
        m_ref[...] = jnp.full_like(m_ref, -jnp.inf)
        l_ref[...] = jnp.zeros_like(l_ref)
        acc_ref[...] = jnp.zeros_like(acc_ref)

    # Scores of this query block against this key block: q @ k.T, scaled.
    s = jax.lax.dot_general(q_ref[...], k_ref[...], (((1,), (1,)), ((), ())),
                            preferred_element_type=jnp.float32) * scale
    m_old = m_ref[...]
    m_new = jnp.maximum(m_old, jnp.max(s, axis=1, keepdims=True))
    alpha = jnp.exp(m_old - m_new)  # rescales what was summed against the old max
    p = jnp.exp(s - m_new)
    l_ref[...] = alpha * l_ref[...] + jnp.sum(p, axis=1, keepdims=True)
    acc_ref[...] = acc_ref[...] + jnp.dot(p, v_ref[...], preferred_element_type=jnp.float32)
    m_ref[...] = m_new

    @pl.when(j == pl.num_programs(1) - 1)
    def _done():
        o_ref[...] = acc_ref[...] / l_ref[...]


def attention(q, k, v):
    q_len, d = q.shape
    kv_len = k.shape[0]
    return pl.pallas_call(
        functools.partial(flash_kernel, scale=1.0 / math.sqrt(d)),
        out_shape=jax.ShapeDtypeStruct(q.shape, jnp.float32),
        grid=(q_len // 8, kv_len // 128),
        in_specs=[
            pl.BlockSpec((8, d), lambda i, j: (i, 0)),
            pl.BlockSpec((128, d), lambda i, j: (j, 0)),
            pl.BlockSpec((128, d), lambda i, j: (j, 0)),
        ],
        out_specs=pl.BlockSpec((8, d), lambda i, j: (i, 0)),
        scratch_shapes=[
            pltpu.VMEM((8, 1), jnp.float32),  # m: running max
            pltpu.VMEM((8, 1), jnp.float32),  # l: running sum
            pltpu.VMEM((8, d), jnp.float32),  # acc: running output
        ],
        compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel", "arbitrary")),
    )(q, k, v)
