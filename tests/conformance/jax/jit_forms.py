# jax.jit as kernel wrappers spell it: decorator, decorator factory and
# functools.partial with static arguments; non-static Python scalars arrive
# as arrays, static ones as Python values.
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=["reps"])
def gather_repeat(x, start, reps):
    return jnp.concatenate([x[start[None]]] * reps)


x = jnp.arange(6.0)
print(gather_repeat(x, 2, reps=3))  # expect: [2. 2. 2.]


@jax.jit(static_argnums=(1,))
def shift(x, k):
    return x[k:] + k


print(shift(x, 4))  # expect: [8. 9.]


@jax.jit
def kinds(i, f, b):
    return i.dtype, f.dtype, b.dtype, i.shape


print(kinds(3, 2.5, True))  # expect: (dtype('int32'), dtype('float32'), dtype('bool'), ())
scaled = jax.jit(lambda v, s: v * s)
print(scaled(jnp.arange(3), 2), scaled(jnp.arange(3), 0.5))  # expect: [0 2 4] [0.  0.5 1. ]
pair = jax.jit(lambda t: (t[0] + 1, t[1] * 2))
print(pair((1, 2.0)))  # expect: (Array(2, dtype=int32, weak_type=True), Array(4., dtype=float32, weak_type=True))


@jax.jit(static_argnums=(1,))
def take_block(x, size):
    return x[:size]


print(take_block(x, size=2))  # expect: [0. 1.]
