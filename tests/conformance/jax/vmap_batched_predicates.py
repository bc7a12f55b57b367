# vmap over control flow whose predicate depends on the mapped value: as in
# JAX's batching rules, cond and switch run every branch and select per
# example, and while_loop / fori_loop (with batched bounds) run until every
# example is done, each keeping its carry past its own stopping point.
import jax
import jax.numpy as jnp
from jax import lax


def leaky(v):
    return lax.cond(v > 0, lambda u: u * 2.0, lambda u: u * 0.1, v)


print(jax.vmap(leaky)(jnp.array([1.0, -2.0, 3.0])))  # expect: [ 2.  -0.2  6. ]


def pick(i, v):
    return lax.switch(i, [lambda u: u, lambda u: u * 10.0, lambda u: -u], v)


print(jax.vmap(pick)(jnp.array([0, 1, 5]), jnp.array([1.0, 2.0, 3.0])))  # expect: [ 1. 20. -3.]


def doublings(limit):
    step, value = lax.while_loop(lambda c: c[0] < limit, lambda c: (c[0] + 1.0, c[1] * 2.0), (0.0, 1.0))
    return value


print(jax.vmap(doublings)(jnp.array([1.0, 3.0, 0.0, 2.0])))  # expect: [2. 8. 1. 4.]


def repeated_add(n, x):
    return lax.fori_loop(0, n, lambda i, acc: acc + x * i, 0.0)


print(jax.vmap(repeated_add)(jnp.array([1, 2, 4]), jnp.array([1.0, 2.0, 3.0])))  # expect: [ 0.  2. 18.]
