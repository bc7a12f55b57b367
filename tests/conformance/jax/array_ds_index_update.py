# pl.ds / jax.ds windows index jax.Arrays as JAX's tests write them
# (x.at[:, jax.ds(start, size)].set(...)): the window, not one element,
# is read and updated, with a static or a traced start.
import jax
import jax.numpy as jnp

x = jnp.arange(32.0).reshape(2, 16)
print(x[:, jax.ds(4, 3)].tolist())  # expect: [[4.0, 5.0, 6.0], [20.0, 21.0, 22.0]]
print(x.at[:, jax.ds(4, 3)].set(jnp.ones((2, 3)))[0, 3:8])  # expect: [3. 1. 1. 1. 7.]
print(x.at[:, jax.ds(4, 3)].set(0.0)[1, 3:8])  # expect: [19.  0.  0.  0. 23.]
shifted = jax.vmap(lambda row, s: row.at[jax.ds(s, 2)].add(100.0))(x, jnp.array([0, 3]))
print(shifted[:, :6])
# expect: [[100. 101.   2.   3.   4.   5.]
# expect:  [ 16.  17.  18. 119. 120.  21.]]
