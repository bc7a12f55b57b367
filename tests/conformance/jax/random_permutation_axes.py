# jax.random.permutation along any axis, as vLLM's structured-sparsity
# harness draws its 2:4 masks: independent=True shuffles every vector along
# the axis on its own (JAX's _shuffle: rounds of sorts by fresh 32-bit
# keys), independent=False moves whole slices by one shuffled index. Checked
# against NumPy: every vector keeps its elements, the shapes are kept, and
# the draws are the same on the host, under jit and for NumPy inputs.
import jax
import jax.numpy as jnp
import numpy as np

key = jax.random.key(0)
rows = jax.lax.broadcasted_iota(jnp.int32, (64, 4), 1)
perm = jax.random.permutation(key, rows, -1, independent=True)
print(perm.shape, perm.dtype)  # expect: (64, 4) int32
print(bool(np.array_equal(np.sort(np.asarray(perm), axis=-1), np.asarray(rows))))  # expect: True
print(len({tuple(r) for r in np.asarray(perm).tolist()}) > 1)  # expect: True
mask = perm < 2
print(bool(np.all(np.asarray(mask).sum(axis=-1) == 2)))  # expect: True

x = jnp.arange(24).reshape(2, 3, 4)
for axis in (0, 1, 2, -1, -2):
    p = jax.random.permutation(key, x, axis=axis)
    # independent=False: one permutation of the slices along `axis`.
    moved = np.moveaxis(np.asarray(p), axis, 0)
    same = np.moveaxis(np.asarray(x), axis, 0)
    idx = [int(np.where((same == moved[i]).all(axis=tuple(range(1, moved.ndim))))[0][0]) for i in range(moved.shape[0])]
    print(axis, sorted(idx) == list(range(moved.shape[0])), p.shape)
# expect: 0 True (2, 3, 4)
# expect: 1 True (2, 3, 4)
# expect: 2 True (2, 3, 4)
# expect: -1 True (2, 3, 4)
# expect: -2 True (2, 3, 4)

ind = jax.random.permutation(key, x, axis=1, independent=True)
print(bool(np.array_equal(np.sort(np.asarray(ind), axis=1), np.asarray(x))))  # expect: True
jitted = jax.jit(lambda k, v: jax.random.permutation(k, v, -1, independent=True))(key, rows)
print(bool(jnp.array_equal(jitted, perm)))  # expect: True
print(bool(jnp.array_equal(jax.random.permutation(key, np.asarray(rows), -1, independent=True), perm)))  # expect: True
# A 1-D array is the same draw whichever way its one axis is named.
v = jnp.arange(10)
print(bool(jnp.array_equal(jax.random.permutation(key, v, 0), jax.random.permutation(key, v, -1))))  # expect: True
print(bool(jnp.array_equal(jax.random.permutation(key, 10), jax.random.permutation(key, v, -1))))  # expect: True
jax.random.permutation(key, 10, axis=3)  # expect error: ValueError: axis 3 is out of bounds for array of dimension 1
