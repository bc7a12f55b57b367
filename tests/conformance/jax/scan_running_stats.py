# lax.scan as training loops and running statistics use it: a pytree carry
# (a dict of a running total and a count), a tuple of per-step outputs
# stacked on a new leading axis, eagerly and under jax.jit, and a Python
# scalar init the body widens (JAX promotes it and traces again).
import jax
import jax.numpy as jnp
from jax import lax


def running_stats(state, x):
    total = state["total"] + x
    count = state["count"] + 1
    return {"count": count, "total": total}, (total, total / count)


xs = jnp.array([1.0, 2.0, 3.0, 4.0])
init = {"total": jnp.float32(0.0), "count": jnp.int32(0)}
final, (prefix, means) = lax.scan(running_stats, init, xs)
print(final["total"], final["count"])  # expect: 10.0 4
print(prefix)  # expect: [ 1.  3.  6. 10.]
print(means)  # expect: [1.  1.5 2.  2.5]


@jax.jit
def cumsum_rows(m):
    def step(carry, row):
        carry = carry + row
        return carry, carry

    return lax.scan(step, jnp.zeros(m.shape[1], m.dtype), m)[1]


print(cumsum_rows(jnp.arange(6.0).reshape(3, 2)))
# expect: [[0. 1.]
# expect:  [2. 4.]
# expect:  [6. 9.]]

# No per-step output: ys is None.
print(lax.scan(lambda c, x: (c * x, None), 1.0, xs))  # expect: (Array(24., dtype=float32), None)

# The weak int init meets a float32 x: the carry becomes float32.
print(lax.scan(lambda c, x: (c + x, c), 0, jnp.arange(3.0)))
# expect: (Array(3., dtype=float32), Array([0., 0., 1.], dtype=float32))

# A list of arrays scans in lockstep, and a named tuple carry comes back as one.
from typing import NamedTuple


class Moments(NamedTuple):
    mean: jax.Array
    n: jax.Array


def welford(m, pair):
    a, b = pair
    n = m.n + 1.0
    mean = m.mean + (a * b - m.mean) / n
    return Moments(mean, n), mean


m, trace = lax.scan(welford, Moments(jnp.float32(0.0), jnp.float32(0.0)), [xs, xs[::-1]])
print(m)  # expect: Moments(mean=Array(5., dtype=float32), n=Array(4., dtype=float32))
print(trace)  # expect: [4.        5.        5.3333335 5.       ]
