# jax.Array methods that are jnp functions with the array first: take,
# searchsorted, nonzero, diagonal, trace.
import jax.numpy as jnp

table = jnp.arange(12.0).reshape(3, 4)
print(table.take(jnp.array([0, 5, 11])))                    # expect: [ 0.  5. 11.]
print(table.take(jnp.array([2, 0]), axis=1))                # expect: [[ 2.  0.]
# expect:  [ 6.  4.]
# expect:  [10.  8.]]
print(jnp.array([1, 3, 5]).searchsorted(4), table.trace())  # expect: 2 15.0
print(table.diagonal(1), jnp.array([0, 2, 0, 3]).nonzero()) # expect: [ 1.  6. 11.] (Array([1, 3], dtype=int32),)
