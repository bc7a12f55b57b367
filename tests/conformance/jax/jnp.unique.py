# jnp.unique on concrete values, as harnesses collect the distinct group ids
# of a routing table (sorted values, index, inverse, counts, static size=
# with fill), and JAX's ConcretizationTypeError when traced (here under
# vmap) without size=.
import jax
import jax.numpy as jnp

ids = jnp.array([3, 1, 3, 2, 1, 3])
print(jnp.unique(ids))  # expect: [1 2 3]
vals, inv, counts = jnp.unique(ids, return_inverse=True, return_counts=True)
print(inv, counts)  # expect: [2 0 2 1 0 2] [2 1 3]
print(jnp.unique(ids, return_index=True)[1])  # expect: [1 3 0]
print(jnp.unique(ids, size=5, fill_value=-1))  # expect: [ 1  2  3 -1 -1]
print(jnp.unique(jnp.array([[2.0, jnp.nan], [jnp.nan, 2.0]])))  # expect: [ 2. nan]
print(jax.jit(lambda x: jnp.unique(x, size=2))(ids))  # expect: [1 2]
counted = jnp.unique_counts(ids)
print(counted.values, counted.counts, jnp.unique_values(ids).shape)  # expect: [1 2 3] [2 1 3] (3,)
jax.vmap(lambda x: jnp.unique(x))(ids.reshape(2, 3))  # expect error: ConcretizationTypeError: Abstract tracer value encountered where concrete value is expected: traced array with shape int32[3]...
