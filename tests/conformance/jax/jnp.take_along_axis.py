# take_along_axis as sampling and MoE-routing harnesses use it: gather the
# argsort/argmax picks per row, JAX's out-of-bounds fill (NaN for floats,
# the int minimum for ints), mode='clip', and JAX's errors.
import jax.numpy as jnp

logits = jnp.array([[0.1, 2.0, -1.0], [3.0, 0.5, 0.7]])
order = jnp.argsort(-logits, axis=1)
print(jnp.take_along_axis(logits, order, axis=1))
# expect: [[ 2.   0.1 -1. ]
# expect:  [ 3.   0.7  0.5]]
best = jnp.argmax(logits, axis=1, keepdims=True)
print(jnp.take_along_axis(logits, best, axis=1).ravel())  # expect: [2. 3.]
print(jnp.take_along_axis(logits, jnp.array([[1, 0, 2]]), axis=0))  # expect: [[ 3.  2. nan]]
print(jnp.take_along_axis(jnp.arange(6).reshape(2, 3), jnp.array([[-1], [3]]), axis=1).ravel())  # expect: [          2 -2147483648]
print(jnp.take_along_axis(jnp.arange(6).reshape(2, 3), jnp.array([[-1], [3]]), axis=1, mode='clip').ravel())  # expect: [2 5]
print(jnp.take_along_axis(jnp.array([4, 5, 6]), jnp.array([2, 0]), axis=None))  # expect: [6 4]
print(jnp.take_along_axis(jnp.ones((2, 3)), jnp.array([[0]]), axis=1).shape)  # expect: (2, 1)
jnp.take_along_axis(logits, jnp.array([[0.0]]), axis=1)  # expect error: TypeError: take_along_axis indices must be of integer type, got float32
