# lax.scan's checks of its arguments and of the body's result, with JAX's
# messages (loops.py): mismatched carries, leading axes, a missing length,
# a body that does not return a pair.
import jax.numpy as jnp
from jax import lax


def accumulate(total, x):
    return total + x, total


try:
    lax.scan(accumulate, jnp.zeros(2, jnp.int32), jnp.ones((3, 2)))
except TypeError as e:
    print(e)
# expect: scan body function carry input and carry output must have equal types, but they differ:
# expect:
# expect: The input carry total has type int32[2] but the corresponding output carry component has type float32[2], so the dtypes do not match.
# expect:
# expect: Revise the function so that all output types match the corresponding input types.

try:
    lax.scan(lambda pair, x: ((pair[0] + x,), x), (0.0, 0.0), jnp.ones(3))
except TypeError as e:
    print(e)
# expect: scan body function carry input and carry output must have the same pytree structure, but they differ:
# expect:
# expect: The input carry pair is a tuple of length 2 but the corresponding component of the carry output is a tuple of length 1, so the lengths do not match.
# expect:
# expect: Revise the function so that the carry output has the same pytree structure as the carry input.

for bad in [
    lambda: lax.scan(accumulate, 0.0, jnp.ones(3), length=5),
    lambda: lax.scan(accumulate, 0.0),
    lambda: lax.scan(accumulate, 0.0, [1.0, 2.0]),
    lambda: lax.scan(accumulate, 0.0, jnp.ones(3), unroll=-1),
]:
    try:
        bad()
    except ValueError as e:
        print(e)
# expect: scan got `length` argument of 5 which disagrees with leading axis sizes [3].
# expect: scan got no values to scan over and `length` not provided.
# expect: scan got value with no leading axis to scan over: 1.0, 2.0.
# expect: `unroll` must be a `bool` or a non-negative `int`.

for bad in [lambda: lax.scan(lambda c, x: c + x, 0.0, jnp.ones(3)), lambda: lax.scan(3, 0.0, jnp.ones(3))]:
    try:
        bad()
    except TypeError as e:
        print(e)
# expect: scan body output must be a pair, got ShapedArray(float32[]).
# expect: lax.scan: f argument should be a callable.

lax.scan(accumulate, 0.0, (jnp.ones(3), jnp.ones(4)))  # expect error: ValueError: scan got values with different leading axis sizes: 3, 4.
