# Benchmark program (tests/bench): one decode step of paged attention. 8
# sequences, 8 heads of size 128; each sequence's keys and values live in 64
# pages of 16 tokens scattered through a shared pool of 512 pages, found
# through a page table; lengths differ per sequence. Grid (sequence, head,
# page): each step folds one page into a running softmax; pages past the
# sequence's end are skipped. Page table and lengths are scalar-prefetched.
# 4,096 small steps: this measures the per-step cost on a real shape.
# Setup cell; the timed cell is `__o = run()`.
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

SEQS, HEADS, DIM = 8, 8, 128
PAGES_PER_SEQ, PAGE, POOL = 64, 16, 512
SCALE = DIM ** -0.5


def decode_kernel(tables_ref, lengths_ref, q_ref, k_ref, v_ref, o_ref, m_ref, l_ref, acc_ref):
    b, p = pl.program_id(0), pl.program_id(2)
    length = lengths_ref[b]

    @pl.when(p == 0)
    def _():
        m_ref[...] = jnp.full_like(m_ref, -jnp.inf)
        l_ref[...] = jnp.zeros_like(l_ref)
        acc_ref[...] = jnp.zeros_like(acc_ref)

    @pl.when(p * PAGE < length)
    def _():
        q = q_ref[0, 0]                    # (1, DIM)
        k = k_ref[0, 0]                    # (PAGE, DIM)
        s = jax.lax.dot_general(q, k, (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32) * SCALE
        token = p * PAGE + jax.lax.broadcasted_iota(jnp.int32, (1, PAGE), 1)
        s = jnp.where(token < length, s, -jnp.inf)
        m_next = jnp.maximum(m_ref[...], jnp.max(s, axis=1, keepdims=True))
        w = jnp.exp(s - m_next)
        correction = jnp.exp(m_ref[...] - m_next)
        l_ref[...] = correction * l_ref[...] + jnp.sum(w, axis=1, keepdims=True)
        acc_ref[...] = correction * acc_ref[...] + jnp.dot(w, v_ref[0, 0], preferred_element_type=jnp.float32)
        m_ref[...] = m_next

    @pl.when(p == pl.num_programs(2) - 1)
    def _():
        o_ref[0, 0] = acc_ref[...] / l_ref[...]


rng = np.random.default_rng(7)
__tables = jnp.asarray(rng.permutation(POOL)[: SEQS * PAGES_PER_SEQ].reshape(SEQS, PAGES_PER_SEQ), dtype=jnp.int32)
__lengths = jnp.asarray([1024 - 61 * s for s in range(SEQS)], dtype=jnp.int32)
__q = ((jnp.arange(SEQS * HEADS * DIM, dtype=jnp.float32) % 19.0 - 9.0) / 8.0).reshape(SEQS, HEADS, 1, DIM)
__k = ((jnp.arange(HEADS * POOL * PAGE * DIM, dtype=jnp.float32) * 3.0 % 23.0 - 11.0) / 16.0).reshape(
    HEADS, POOL, PAGE, DIM
)
__v = ((jnp.arange(HEADS * POOL * PAGE * DIM, dtype=jnp.float32) * 5.0 % 29.0 - 14.0) / 16.0).reshape(
    HEADS, POOL, PAGE, DIM
)


def run():
    def kv_map(b, h, p, tables, lengths):
        return (h, tables[b, p], 0, 0)

    return pl.pallas_call(
        decode_kernel,
        grid_spec=pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=2,
            grid=(SEQS, HEADS, PAGES_PER_SEQ),
            in_specs=[
                pl.BlockSpec((1, 1, 1, DIM), lambda b, h, p, tables, lengths: (b, h, 0, 0)),
                pl.BlockSpec((1, 1, PAGE, DIM), kv_map),
                pl.BlockSpec((1, 1, PAGE, DIM), kv_map),
            ],
            out_specs=pl.BlockSpec((1, 1, 1, DIM), lambda b, h, p, tables, lengths: (b, h, 0, 0)),
            scratch_shapes=[
                pltpu.VMEM((1, 1), jnp.float32),
                pltpu.VMEM((1, 1), jnp.float32),
                pltpu.VMEM((1, DIM), jnp.float32),
            ],
        ),
        out_shape=jax.ShapeDtypeStruct((SEQS, HEADS, 1, DIM), jnp.float32),
        interpret=True,
    )(__tables, __lengths, __q, __k, __v)
