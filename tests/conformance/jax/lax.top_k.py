# lax.top_k as top-k sampling and MoE routers call it: values in descending
# order with int32 indices, ties resolved lower index first, over the last
# axis (or `axis=`), and JAX's errors.
import jax
import jax.numpy as jnp
from jax import lax

scores = jnp.array([0.5, 2.0, -1.0, 2.0, 1.5])
values, idx = lax.top_k(scores, 3)
print(values, idx, idx.dtype)  # expect: [2.  2.  1.5] [1 3 4] int32
router = jnp.array([[3, 1, 2, 3], [0, 9, 9, 4]])
v, i = lax.top_k(router, 2)
print(v.tolist(), i.tolist())  # expect: [[3, 3], [9, 9]] [[0, 3], [1, 2]]
print(lax.top_k(jnp.array([[1.0, 4.0], [3.0, 2.0]]), 1, axis=0)[1])  # expect: [[1 0]]
print(lax.top_k(jnp.array([1.0, jnp.nan, 3.0]), 2)[0])  # expect: [nan  3.]
print(lax.top_k(scores, 0)[0].shape)  # expect: (0,)
# As sampling-kernel tests build their XLA reference: jitted with a static k.
logits = jax.random.normal(jax.random.key(0), (4, 256), dtype=jnp.float32).astype(jnp.bfloat16)
topk_xla = jax.jit(jax.lax.top_k, static_argnames=("k",))
v, i = topk_xla(logits, k=16)
print(v.dtype, i.shape, bool(jnp.all(v == jnp.take_along_axis(logits, i, axis=-1))))  # expect: bfloat16 (4, 16) True
print(bool(jnp.all(v[:, :-1] >= v[:, 1:])), bool(jnp.all(jnp.sort(logits, axis=-1)[:, ::-1][:, :16] == v)))  # expect: True True
lax.top_k(scores, 6)  # expect error: ValueError: k argument to top_k must be no larger than size along axis; got k=6 with shape=[5] and axis=0
