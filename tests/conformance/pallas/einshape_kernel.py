# pltpu.einshape: an einsum-like equation of splits "(ab)", merges and a
# transpose, on host arrays and inside a kernel (a (16, 256) block split
# into two 128-lane halves stacked on the rows, as a head split does).
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

x = jnp.arange(24).reshape(2, 3, 4)
print(pltpu.einshape("abc->acb", x).shape)  # expect: (2, 4, 3)
print(pltpu.einshape("a(bc)->abc", jnp.arange(12).reshape(2, 6), b=3).shape)  # expect: (2, 3, 2)
print(pltpu.einshape("abc->(ab)c", x).shape)  # expect: (6, 4)
y = pltpu.einshape("a(bc)->(ba)c", jnp.arange(12).reshape(2, 6), c=3)
print(y.tolist())  # expect: [[0, 1, 2], [6, 7, 8], [3, 4, 5], [9, 10, 11]]
print(bool(jnp.array_equal(pltpu.einshape("ab->ba", x[0]), x[0].T)))  # expect: True


def kernel(x_ref, o_ref):
    o_ref[...] = pltpu.einshape("m(hd)->(hm)d", x_ref[...], h=2)


a = jnp.arange(16 * 256, dtype=jnp.float32).reshape(16, 256)
out = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((32, 128), jnp.float32))(a)
ref = np.concatenate([np.asarray(a)[:, :128], np.asarray(a)[:, 128:]], axis=0)
print(bool(np.array_equal(np.asarray(out), ref)))  # expect: True
pltpu.einshape("a(bc)->abc", jnp.arange(12).reshape(2, 6))  # expect error: ValueError: Ambiguous split for ['b', 'c'] with size 6. Unknowns: ['b', 'c']. Provide sizes via kwargs.
