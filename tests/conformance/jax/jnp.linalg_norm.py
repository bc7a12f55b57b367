# jnp.linalg.norm as gradient-clipping and test harnesses call it: the
# default 2-norm / Frobenius norm, vector orders, matrix orders 1 and inf,
# per-row norms with keepdims, numpy.linalg in a reference check, and
# JAX's errors.
import jax.numpy as jnp
import jax.numpy.linalg
import numpy as np
import numpy.linalg

print(jnp.linalg.norm(jnp.array([3.0, 4.0])), jnp.linalg.norm(jnp.array([[1.0, 2.0], [3.0, 4.0]])))  # expect: 5.0 5.477226
w = jnp.array([[1.0, -2.0], [3.0, 4.0]])
print(jnp.linalg.norm(w, ord=1), jnp.linalg.norm(w, ord=jnp.inf), jnp.linalg.norm(w, 'fro'))  # expect: 6.0 7.0 5.477226
print(jnp.linalg.norm(jnp.array([[3.0, 4.0], [6.0, 8.0]]), axis=1, keepdims=True).tolist())  # expect: [[5.0], [10.0]]
print(jnp.linalg.norm(jnp.array([1, -2, 3]), ord=jnp.inf), jnp.linalg.norm(jnp.array([1.0, 0.0, 2.0]), ord=0))  # expect: 3.0 2.0
print(jnp.linalg.norm(jnp.array([1.0, 2.0]), ord=1), jax.numpy.linalg.vector_norm(jnp.array([3.0, 4.0])))  # expect: 3.0 5.0
print(np.linalg.norm(np.array([1.0, 2.0]) - np.array([4.0, 6.0])), numpy.linalg.norm([[1.0, 0.0], [0.0, 1.0]]))  # expect: 5.0 1.4142135
print(jnp.linalg.matrix_norm(w), jnp.linalg.vecdot(jnp.array([1.0, 2.0]), jnp.array([3.0, 4.0])))  # expect: 5.477226 11.0
jnp.linalg.norm(jnp.ones((2, 2, 2)), axis=(0, 1, 2))  # expect error: ValueError: Improper number of axes for norm: axis=(0, 1, 2). Pass one axis to compute a vector-norm, or two axes to compute a matrix-norm.
