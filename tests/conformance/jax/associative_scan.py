# lax.associative_scan as parallel-prefix code uses it: running sums and
# maxima (forwards and backwards, along any axis) and a first-order linear
# recurrence h[t] = a[t] * h[t-1] + b[t] scanned as pairs of arrays.
import jax.numpy as jnp
from jax import lax

print(lax.associative_scan(jnp.add, jnp.arange(1, 8)))  # expect: [ 1  3  6 10 15 21 28]
print(lax.associative_scan(jnp.maximum, jnp.array([3, 1, 4, 1, 5, 9, 2, 6]), reverse=True))  # expect: [9 9 9 9 9 9 6 6]
print(lax.associative_scan(jnp.add, jnp.arange(6).reshape(2, 3), axis=1))
# expect: [[ 0  1  3]
# expect:  [ 3  7 12]]
print(lax.associative_scan(jnp.logical_or, jnp.array([False, False, True, False])))  # expect: [False False  True  True]


def affine(left, right):
    a1, b1 = left
    a2, b2 = right
    return a1 * a2, a2 * b1 + b2


a = jnp.array([1.0, 0.5, 0.5, 2.0, 1.0])
b = jnp.array([1.0, 1.0, 2.0, 0.0, 3.0])
_, h = lax.associative_scan(affine, (a, b))
print(h)  # expect: [1.   1.5  2.75 5.5  8.5 ]

try:
    lax.associative_scan(None, a)
except TypeError as e:
    print(e)  # expect: lax.associative_scan: fn argument should be callable.
lax.associative_scan(affine, (jnp.ones(3), jnp.ones(4)))  # expect error: ValueError: Array inputs to associative_scan must have the same first dimension. (saw: [(3,), (4,)])
