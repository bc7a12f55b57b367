# A flash-attention-style pair under jax.custom_vjp: the forward kernel walks
# the key/value blocks with an online softmax and saves the row
# log-sum-exp; the backward kernel recomputes the probabilities from it and
# writes dq, dk, dv. jax.grad of a loss around it runs the forward call,
# then the backward call, on the rung in use; the gradients match plain
# attention's and central finite differences. jax.jvp differentiates the
# forward kernel itself (its fori_loop carries tangents).
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl

SEQ, HEAD, BQ, BK = 32, 128, 8, 8
SCALE = 0.125
HI = lax.Precision.HIGHEST


def attn_fwd_kernel(q_ref, k_ref, v_ref, o_ref, lse_ref):
    q = q_ref[...] * SCALE

    def step(j, carry):
        m, l, acc = carry
        k = k_ref[pl.ds(j * BK, BK), :]
        v = v_ref[pl.ds(j * BK, BK), :]
        s = jnp.dot(q, k.T, precision=HI)
        m_new = jnp.maximum(m, jnp.max(s, axis=1, keepdims=True))
        p = jnp.exp(s - m_new)
        corr = jnp.exp(m - m_new)
        return m_new, corr * l + jnp.sum(p, axis=1, keepdims=True), corr * acc + jnp.dot(p, v, precision=HI)

    m0 = jnp.full((BQ, 1), -jnp.inf, jnp.float32)
    m, l, acc = lax.fori_loop(0, SEQ // BK, step, (m0, jnp.zeros((BQ, 1), jnp.float32), jnp.zeros((BQ, HEAD), jnp.float32)))
    o_ref[...] = acc / l
    lse_ref[...] = m + jnp.log(l)


def attn_bwd_kernel(q_ref, k_ref, v_ref, o_ref, lse_ref, do_ref, dq_ref, dk_ref, dv_ref):
    q, k, v, do = q_ref[...], k_ref[...], v_ref[...], do_ref[...]
    p = jnp.exp(jnp.dot(q, k.T, precision=HI) * SCALE - lse_ref[...])
    dv_ref[...] = jnp.dot(p.T, do, precision=HI)
    dp = jnp.dot(do, v.T, precision=HI)
    delta = jnp.sum(do * o_ref[...], axis=1, keepdims=True)
    ds = p * (dp - delta) * SCALE
    dq_ref[...] = jnp.dot(ds, k, precision=HI)
    dk_ref[...] = jnp.dot(ds.T, q, precision=HI)


def forward_call(q, k, v):
    row = pl.BlockSpec((BQ, HEAD), lambda i: (i, 0))
    whole = pl.BlockSpec((SEQ, HEAD), lambda i: (0, 0))
    return pl.pallas_call(
        attn_fwd_kernel, grid=(SEQ // BQ,), in_specs=[row, whole, whole],
        out_specs=[row, pl.BlockSpec((BQ, 1), lambda i: (i, 0))],
        out_shape=[jax.ShapeDtypeStruct((SEQ, HEAD), jnp.float32), jax.ShapeDtypeStruct((SEQ, 1), jnp.float32)],
    )(q, k, v)


@jax.custom_vjp
def attention(q, k, v):
    return forward_call(q, k, v)[0]


def attention_fwd(q, k, v):
    o, lse = forward_call(q, k, v)
    return o, (q, k, v, o, lse)


def attention_bwd(res, do):
    q, k, v, o, lse = res
    full = jax.ShapeDtypeStruct((SEQ, HEAD), jnp.float32)
    return tuple(pl.pallas_call(attn_bwd_kernel, out_shape=[full, full, full])(q, k, v, o, lse, do))


attention.defvjp(attention_fwd, attention_bwd)


def reference(q, k, v):
    p = jax.nn.softmax(jnp.dot(q, k.T, precision=HI) * SCALE, axis=-1)
    return jnp.dot(p, v, precision=HI)


kq, kk, kv, kw = jax.random.split(jax.random.key(7), 4)
q = jax.random.normal(kq, (SEQ, HEAD), jnp.float32)
k = jax.random.normal(kk, (SEQ, HEAD), jnp.float32)
v = jax.random.normal(kv, (SEQ, HEAD), jnp.float32)
w = jax.random.normal(kw, (SEQ, HEAD), jnp.float32)

loss = lambda q, k, v: jnp.sum(attention(q, k, v) * w)
ref_loss = lambda q, k, v: jnp.sum(reference(q, k, v) * w)
grads = jax.grad(loss, argnums=(0, 1, 2))(q, k, v)
ref_grads = jax.grad(ref_loss, argnums=(0, 1, 2))(q, k, v)
for name, g, r in zip("qkv", grads, ref_grads):
    print(name, bool(jnp.allclose(g, r, atol=2e-4, rtol=2e-4)))
# expect: q True
# expect: k True
# expect: v True

# central finite differences on one entry of each input
eps = 1e-2
for i, (name, g) in enumerate(zip("qkv", grads)):
    args = [q, k, v]
    up = list(args); up[i] = args[i].at[3, 5].add(eps)
    down = list(args); down[i] = args[i].at[3, 5].add(-eps)
    fd = (ref_loss(*up) - ref_loss(*down)) / (2 * eps)
    print(name, bool(jnp.abs(fd - g[3, 5]) < 2e-2 * (1 + jnp.abs(fd))))
# expect: q True
# expect: k True
# expect: v True

# forward mode through the forward kernel: a JVP kernel with tangent carries
t = jax.random.normal(kw, (SEQ, HEAD), jnp.float32)
(o, lse), (o_dot, lse_dot) = jax.jvp(forward_call, (q, k, v), (t, jnp.zeros_like(k), jnp.zeros_like(v)))
_, ref_dot = jax.jvp(reference, (q, k, v), (t, jnp.zeros_like(k), jnp.zeros_like(v)))
print(bool(jnp.allclose(o_dot, ref_dot, atol=2e-4, rtol=2e-4)))  # expect: True
