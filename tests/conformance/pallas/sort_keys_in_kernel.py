# Multi-key sorts inside a kernel, as a MoE router orders tokens: by
# expert id then by descending score (lax.sort with num_keys=2 over
# (expert, -score, token)), and lax.sort_key_val for the scores. JAX's
# interpreters sort; Pallas's TPU lowering has no sort rule, so the chip
# model refuses at the first sort.
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl


def route_kernel(expert_ref, score_ref, order_ref, sorted_ref):
    expert, score = expert_ref[...], score_ref[...]
    token = lax.broadcasted_iota(jnp.int32, expert.shape, 1)
    _, _, order_ref[...] = lax.sort((expert, -score, token), dimension=1, num_keys=2)  # [chip] expect error: NotImplementedError: Unimplemented primitive in Pallas TPU lowering for tc: sort. Please file an issue at https://github.com/jax-ml/jax/issues/new/choose.
    _, sorted_ref[...] = lax.sort_key_val(expert, score, dimension=1)


expert = jnp.tile(jnp.array([[2, 0, 1, 0, 2, 1, 0, 1]], jnp.int32), (8, 16))
score = jnp.tile(jnp.linspace(0.1, 0.8, 8, dtype=jnp.float32)[None, :], (8, 16))
order, by_expert = pl.pallas_call(
    route_kernel,
    out_shape=[jax.ShapeDtypeStruct((8, 128), jnp.int32), jax.ShapeDtypeStruct((8, 128), jnp.float32)],
)(expert, score)
print(order[0, :6].tolist())  # [interpret,tpu] expect: [6, 14, 22, 30, 38, 46]
print(order.shape, sorted(order[3].tolist()) == list(range(128)))  # [interpret,tpu] expect: (8, 128) True
print([round(v, 2) for v in by_expert[0, :3].tolist()])  # [interpret,tpu] expect: [0.2, 0.4, 0.7]
