# jax.random.permutation(key, x, -1, independent=True) inside a kernel body:
# JAX's interpreters draw exactly the host's permutation (the same threefry
# keys and sorts); Pallas's TPU lowering has no rule for sort, so the chip
# rung refuses it.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def kernel(o_ref):
    rows = jax.lax.broadcasted_iota(jnp.int32, (8, 128), 1)
    o_ref[...] = jax.random.permutation(jax.random.key(0), rows, -1, independent=True)  # [chip] expect error: NotImplementedError: Unimplemented primitive in Pallas TPU lowering for tc: sort. Please file an issue at https://github.com/jax-ml/jax/issues/new/choose.


out = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.int32))()
host = jax.random.permutation(jax.random.key(0), jax.lax.broadcasted_iota(jnp.int32, (8, 128), 1), -1, independent=True)
print(bool(jnp.array_equal(out, host)), bool(jnp.all(jnp.sort(out, axis=-1) == jnp.arange(128))))  # [interpret,tpu] expect: True True
