# Sorting traced values inside a kernel: a top-rows selection sorts each
# row of a block (jnp.sort), ranks it (jnp.argsort, descending) and
# carries a payload along (lax.sort with num_keys=1). JAX's interpreters
# run sort as XLA does; Pallas's TPU lowering has no rule for sort, so the
# chip model refuses it with Mosaic's text.
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl


def sort_kernel(x_ref, p_ref, s_ref, r_ref, q_ref):
    x = x_ref[...]
    s_ref[...] = jnp.sort(x, axis=1)  # [chip] expect error: NotImplementedError: Unimplemented primitive in Pallas TPU lowering for tc: sort. Please file an issue at https://github.com/jax-ml/jax/issues/new/choose.
    r_ref[...] = jnp.argsort(x, axis=1, descending=True)
    _, q_ref[...] = lax.sort((x, p_ref[...]), dimension=1, num_keys=1)


x = jnp.array([[3.0, 1.0, 2.0, 1.0] * 32, [0.5, -1.0, 4.0, 2.0] * 32] * 4)
payload = jnp.broadcast_to(jnp.arange(128, dtype=jnp.int32), (8, 128))
s, r, q = pl.pallas_call(
    sort_kernel,
    out_shape=[jax.ShapeDtypeStruct((8, 128), jnp.float32), jax.ShapeDtypeStruct((8, 128), jnp.int32),
               jax.ShapeDtypeStruct((8, 128), jnp.int32)],
)(x, payload)
print(s[0, :3].tolist(), s[0, -3:].tolist(), s[1, :2].tolist())  # [interpret,tpu] expect: [1.0, 1.0, 1.0] [3.0, 3.0, 3.0] [-1.0, -1.0]
print(r[0, :4].tolist(), r[1, :3].tolist())  # [interpret,tpu] expect: [0, 4, 8, 12] [2, 6, 10]
print(q[0, :4].tolist(), q[1, :2].tolist())  # [interpret,tpu] expect: [1, 3, 5, 7] [1, 5]
print(bool(jnp.array_equal(s, jnp.sort(x, axis=1))), bool(jnp.array_equal(r, jnp.argsort(x, axis=1, descending=True))))  # [interpret,tpu] expect: True True
