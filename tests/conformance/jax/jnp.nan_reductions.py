# NaN-ignoring reductions as loss and metric harnesses use them over padded
# or masked rows: nansum/nanmean/nanmax/nanmin/nanargmax/nanstd, all-NaN
# rows (NaN for max/min/mean, 0 for sum, -1 for argmax), ints unchanged.
import jax.numpy as jnp

nan = jnp.nan
losses = jnp.array([[1.0, nan, 3.0], [nan, nan, nan]])
print(jnp.nansum(losses, axis=1), jnp.nanmean(losses, axis=1))  # expect: [4. 0.] [ 2. nan]
print(jnp.nanmax(losses, axis=1), jnp.nanmin(losses, axis=1))  # expect: [ 3. nan] [ 1. nan]
print(jnp.nanargmax(losses, axis=1), jnp.nanargmin(losses[0]))  # expect: [ 2 -1] 0
print(jnp.nansum(losses), jnp.nanmax(losses, keepdims=True).shape)  # expect: 4.0 (1, 1)
print(jnp.nanstd(jnp.array([1.0, nan, 3.0])), jnp.nanvar(jnp.array([1.0, nan, 3.0]), ddof=1))  # expect: 1.0 2.0
print(jnp.nanprod(jnp.array([2.0, nan, 4.0])), jnp.nansum(jnp.array([1, 2, 3])))  # expect: 8.0 6
print(jnp.nansum(jnp.array([1.0, nan], dtype=jnp.bfloat16)).dtype)  # expect: bfloat16
jnp.nanmax(losses, out=losses)  # expect error: NotImplementedError: The 'out' argument to jnp.nanmax is not supported.
