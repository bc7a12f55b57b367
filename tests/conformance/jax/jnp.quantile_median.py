# Order statistics as calibration and benchmark harnesses report them:
# median (midpoint of the two middle values), quantile/percentile with
# methods, keepdims, nan forms, and JAX's errors.
import jax.numpy as jnp

lat = jnp.array([[10.0, 7.0, 4.0], [3.0, 2.0, 1.0]])
print(jnp.median(lat), jnp.median(lat, axis=0), jnp.median(lat, axis=1, keepdims=True).shape)  # expect: 3.5 [6.5 4.5 2.5] (2, 1)
print(jnp.quantile(jnp.array([1.0, 2.0, 3.0, 4.0]), jnp.array([0.25, 0.5])))  # expect: [1.75 2.5 ]
print(jnp.percentile(jnp.arange(5), 50), jnp.percentile(jnp.arange(5), jnp.array([10, 90])))  # expect: 2.0 [0.4 3.6]
for m in ('lower', 'higher', 'nearest', 'midpoint'):
    print(m, jnp.quantile(jnp.array([1.0, 2.0, 3.0, 4.0]), 0.4, method=m))
# expect: lower 2.0
# expect: higher 3.0
# expect: nearest 2.0
# expect: midpoint 2.5
print(jnp.median(jnp.array([1.0, jnp.nan, 3.0])), jnp.nanmedian(jnp.array([1.0, jnp.nan, 3.0, 4.0])))  # expect: nan 3.0
print(jnp.quantile(lat, 0.5, axis=(0, 1)), jnp.nanpercentile(jnp.array([jnp.nan, 1.0, 2.0]), 100))  # expect: 3.5 2.0
jnp.quantile(lat, 0.5, method='cubic')  # expect error: ValueError: method can only be 'linear', 'lower', 'higher', 'midpoint', 'nearest' or 'inverted_cdf'
