# Benchmark program (tests/bench): causal flash-attention forward, one batch,
# 4 heads, 2048 tokens, head size 128, float32, in 128x128 tiles. Each grid
# step (b, h, qi, ki) folds one key/value tile into a running softmax held in
# VMEM scratch (row max, row sum, unnormalised output); tiles wholly above
# the diagonal are skipped. Setup cell; the timed cell is `__o = run()`. The
# benchmark's C++ reference computes softmax(q k^T / sqrt(d) + mask) v whole.
import math

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

BATCH, HEADS, SEQ, DIM = 1, 4, 2048, 128
TILE = 128
SCALE = 1.0 / math.sqrt(DIM)


def attention_kernel(q_ref, k_ref, v_ref, o_ref, row_max, row_sum, acc):
    qi, ki = pl.program_id(2), pl.program_id(3)

    @pl.when(ki == 0)
    def _():
        row_max[...] = jnp.full_like(row_max, -jnp.inf)
        row_sum[...] = jnp.zeros_like(row_sum)
        acc[...] = jnp.zeros_like(acc)

    @pl.when(ki <= qi)  # tiles above the diagonal see no key
    def _():
        q = q_ref[0, 0]
        k = k_ref[0, 0]
        s = jax.lax.dot_general(q, k, (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32) * SCALE
        rows = qi * TILE + jax.lax.broadcasted_iota(jnp.int32, (TILE, TILE), 0)
        cols = ki * TILE + jax.lax.broadcasted_iota(jnp.int32, (TILE, TILE), 1)
        s = jnp.where(cols <= rows, s, -jnp.inf)
        m_prev = row_max[...]
        m_next = jnp.maximum(m_prev, jnp.max(s, axis=1, keepdims=True))
        p = jnp.exp(s - m_next)
        correction = jnp.exp(m_prev - m_next)
        row_sum[...] = correction * row_sum[...] + jnp.sum(p, axis=1, keepdims=True)
        acc[...] = correction * acc[...] + jnp.dot(p, v_ref[0, 0], preferred_element_type=jnp.float32)
        row_max[...] = m_next

    @pl.when(ki == pl.num_programs(3) - 1)
    def _():
        o_ref[0, 0] = acc[...] / row_sum[...]


def make(seed, shape):
    n = math.prod(shape)
    return ((jnp.arange(n, dtype=jnp.float32) * seed) % 17.0 - 8.0).reshape(shape) / 16.0


__q = make(3.0, (BATCH, HEADS, SEQ, DIM))
__k = make(5.0, (BATCH, HEADS, SEQ, DIM))
__v = make(7.0, (BATCH, HEADS, SEQ, DIM))


def run():
    tiles = SEQ // TILE
    q_spec = pl.BlockSpec((1, 1, TILE, DIM), lambda b, h, qi, ki: (b, h, qi, 0))
    kv_spec = pl.BlockSpec((1, 1, TILE, DIM), lambda b, h, qi, ki: (b, h, jnp.minimum(ki, qi), 0))
    return pl.pallas_call(
        attention_kernel,
        grid=(BATCH, HEADS, tiles, tiles),
        in_specs=[q_spec, kv_spec, kv_spec],
        out_specs=q_spec,
        out_shape=jax.ShapeDtypeStruct((BATCH, HEADS, SEQ, DIM), jnp.float32),
        scratch_shapes=[
            pltpu.VMEM((TILE, 1), jnp.float32),
            pltpu.VMEM((TILE, 1), jnp.float32),
            pltpu.VMEM((TILE, DIM), jnp.float32),
        ],
        compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel", "parallel", "parallel", "arbitrary")),
        interpret=True,
    )(__q, __k, __v)
