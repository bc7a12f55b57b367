# Polynomial and product helpers that reference implementations in kernel
# tests use: vander, polyval (Horner), kron (block-diagonal masks), cross,
# interp (linear, clamped ends, left/right), piecewise, cov/corrcoef.
import jax.numpy as jnp

print(jnp.vander(jnp.array([1, 2, 3]), 3))
# expect: [[1 1 1]
# expect:  [4 2 1]
# expect:  [9 3 1]]
print(jnp.vander(jnp.array([2.0, 3.0]), increasing=True).tolist(), jnp.polyval(jnp.array([3.0, 0.0, 1.0]), 5.0))  # expect: [[1.0, 2.0], [1.0, 3.0]] 76.0
print(jnp.kron(jnp.eye(2, dtype=jnp.int32), jnp.ones((2, 2), jnp.int32)))
# expect: [[1 1 0 0]
# expect:  [1 1 0 0]
# expect:  [0 0 1 1]
# expect:  [0 0 1 1]]
print(jnp.cross(jnp.array([1.0, 0.0, 0.0]), jnp.array([0.0, 1.0, 0.0])))  # expect: [0. 0. 1.]
xp = jnp.array([0.0, 1.0, 2.0])
fp = jnp.array([0.0, 10.0, 20.0])
print(jnp.interp(jnp.array([-1.0, 0.5, 1.5, 5.0]), xp, fp), jnp.interp(5.0, xp, fp, right=-1.0))  # expect: [ 0.  5. 15. 20.] -1.0
x = jnp.array([-1.0, 0.0, 2.0])
print(jnp.piecewise(x, [x < 0, x >= 0], [lambda v: -v, lambda v: v * 2]))  # expect: [1. 0. 4.]
print(jnp.cov(jnp.array([[0.0, 1.0, 2.0], [2.0, 1.0, 0.0]])).tolist())  # expect: [[1.0, -1.0], [-1.0, 1.0]]
print(jnp.cov(jnp.array([1.0, 2.0, 3.0]), jnp.array([1.0, 3.0, 8.0]))[0, 1], jnp.corrcoef(jnp.array([1.0, 2.0, 3.0]), jnp.array([1.0, 3.0, 8.0]))[0, 1])  # expect: 3.5 0.97072536
jnp.interp(1.0, jnp.ones((2, 2)), fp)  # expect error: ValueError: xp and fp must be one-dimensional
