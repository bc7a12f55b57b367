# Membership, binning and weighted means as harnesses check routing and
# quantisation results: isin (invert=), digitize (increasing and decreasing
# bins, right=), average (weights along an axis, returned=),
# cumulative_sum (include_initial=), nancumsum, copysign, fmax/fmin, sinc.
import jax.numpy as jnp

print(jnp.isin(jnp.array([[1, 5], [3, 7]]), jnp.array([3, 5])).tolist(), jnp.isin(jnp.array([1, 3]), jnp.array([3]), invert=True))  # expect: [[False, True], [True, False]] [ True False]
bins = jnp.array([0.0, 1.0, 2.5, 4.0])
print(jnp.digitize(jnp.array([-1.0, 0.0, 1.2, 4.0, 9.0]), bins), jnp.digitize(jnp.array([1.0, 2.5]), bins, right=True))  # expect: [0 1 2 4 4] [1 2]
print(jnp.digitize(jnp.array([3.0, 0.5]), bins[::-1]))  # expect: [1 3]
x = jnp.array([[1.0, 2.0], [3.0, 4.0]])
print(jnp.average(x), jnp.average(x, axis=1, weights=jnp.array([3.0, 1.0])), jnp.average(jnp.arange(4), returned=True))  # expect: 2.5 [1.25 3.25] (Array(1.5, dtype=float32), Array(4., dtype=float32))
print(jnp.cumulative_sum(jnp.array([1, 2, 3]), include_initial=True), jnp.nancumsum(jnp.array([1.0, jnp.nan, 2.0])))  # expect: [0 1 3 6] [1. 1. 3.]
print(jnp.copysign(jnp.array([1.0, -2.0]), -1.0), jnp.fmax(jnp.array([1.0, jnp.nan]), jnp.array([jnp.nan, 2.0])), jnp.fmin(3, 2))  # expect: [-1. -2.] [1. 2.] 2
print(jnp.sinc(jnp.array([0.0, 0.5, 1.0])))  # expect: [ 1.0000000e+00  6.3661975e-01 -2.7827534e-08]
jnp.cumulative_sum(x)  # expect error: ValueError: The input array has rank 2, however axis was not set to an explicit value. The axis argument is only optional for one-dimensional arrays.
