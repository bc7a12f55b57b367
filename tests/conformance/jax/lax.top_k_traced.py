# lax.top_k on traced values: under vmap (a batched router) and inside a
# kernel body, where rungs 1-2 compute what XLA's TopK gives (ties lower
# index first, NaNs first) and the chip refuses it as Pallas's TPU lowering
# does (no rule for top_k).
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl

x = jnp.array([[0.5, 2.0, -1.0, 2.0, 1.5], [jnp.nan, -jnp.inf, -jnp.inf, 3.0, jnp.nan]])
v, i = jax.vmap(lambda r: lax.top_k(r, 4))(x)
print(v.tolist(), i.tolist())  # expect: [[2.0, 2.0, 1.5, 0.5], [nan, nan, 3.0, -inf]] [[1, 3, 4, 0], [0, 4, 3, 1]]
print(jax.vmap(lambda r: lax.top_k(r, 2)[1])(jnp.array([[3, 1, 3], [0, 9, 9]])).tolist())  # expect: [[0, 2], [1, 2]]


def kernel(x_ref, v_ref, i_ref):
    v, i = lax.top_k(x_ref[...], 8)  # [chip] expect error: NotImplementedError: Unimplemented primitive in Pallas TPU lowering for tc: top_k. Please file an issue at https://github.com/jax-ml/jax/issues/new/choose.
    v_ref[...] = v
    i_ref[...] = i


xs = (jnp.arange(8 * 128, dtype=jnp.float32).reshape(8, 128) * 37) % 101
out_shape = (jax.ShapeDtypeStruct((8, 8), jnp.float32), jax.ShapeDtypeStruct((8, 8), jnp.int32))
v, i = pl.pallas_call(kernel, out_shape=out_shape, interpret=True)(xs)
rv, ri = lax.top_k(xs, 8)
print(bool(jnp.all(v == rv)), bool(jnp.all(i == ri)), v[0, :3], i[0, :3])  # [interpret,tpu] expect: True True [100.  99.  98.] [30 60 90]
