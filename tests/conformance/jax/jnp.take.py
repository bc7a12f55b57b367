# jnp.take as embedding lookups call it: rows of a table by token id, along
# an axis, flattened when axis=None, with JAX's out-of-bounds modes
# ('fill' by default: NaN rows; 'clip'; 'wrap'; negative ids count back).
import jax.numpy as jnp

table = jnp.arange(12, dtype=jnp.float32).reshape(4, 3)
ids = jnp.array([[0, 3], [-1, 1]])
print(jnp.take(table, ids, axis=0).shape)  # expect: (2, 2, 3)
print(jnp.take(table, jnp.array([2, 0]), axis=0))
# expect: [[6. 7. 8.]
# expect:  [0. 1. 2.]]
print(jnp.take(table, jnp.array([4]), axis=0))  # expect: [[nan nan nan]]
print(jnp.take(table, jnp.array([5, 0, 11]), axis=None))  # expect: [ 5.  0. 11.]
print(jnp.take(jnp.arange(4), jnp.array([5, -5]), mode='clip'), jnp.take(jnp.arange(4), jnp.array([5, -5]), mode='wrap'))  # expect: [3 0] [1 3]
print(jnp.take(table, jnp.array([2, 0]), axis=1)[0])  # expect: [2. 0.]
print(jnp.take(jnp.arange(3), jnp.array([7]), fill_value=-1))  # expect: [-1]
jnp.take(table, jnp.array([0]), mode='raise')  # expect error: NotImplementedError: The 'raise' mode to jnp.take is not supported.
