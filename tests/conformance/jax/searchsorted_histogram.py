# Host-side binning as grouped-matmul metadata computes it: searchsorted over
# group boundaries, diff of offsets, and histograms of tile visits.
import jax.numpy as jnp

bounds = jnp.array([0, 128, 256, 320, 512])
rows = jnp.array([0, 5, 128, 511, 600])
print(jnp.searchsorted(bounds, rows), jnp.searchsorted(bounds, rows, side="right"))  # expect: [0 1 1 4 5] [1 1 2 4 5]
print(jnp.searchsorted(jnp.array([1.0, 2.0]), jnp.array([jnp.nan, 1.5])))  # expect: [2 1]
print(jnp.searchsorted(jnp.array([30, 10, 20]), 15, sorter=jnp.array([1, 2, 0])))  # expect: 1
print(jnp.diff(bounds), jnp.diff(bounds, n=2), jnp.diff(jnp.array([3, 5, 9]), prepend=0))  # expect: [128 128  64 192] [  0 -64 128] [3 2 4]
print(jnp.diff(jnp.array([[1, 4], [2, 8]]), axis=0), jnp.diff(jnp.array([True, True, False])))  # expect: [[1 4]] [False  True]

counts, edges = jnp.histogram(jnp.array([1, 2, 3, 10, 11, 15, 19, 25]), bins=8)
print(counts)  # expect: [3. 0. 0. 2. 1. 0. 1. 1.]
print(edges)  # expect: [ 1.  4.  7. 10. 13. 16. 19. 22. 25.]
print(jnp.histogram(jnp.array([1, 2, 3, 10, 11, 15, 19, 25]), range=(0, 20), bins=4)[0])  # expect: [3. 0. 2. 2.]
print(jnp.histogram(jnp.array([1, 2, 3, 10, 11, 15, 19, 25]), bins=jnp.array([0, 10, 20, 30]))[0])  # expect: [3. 4. 1.]
tile_ids = jnp.array([4, 0, 2, 4])
visits = jnp.histogram(tile_ids, bins=4, range=(0, 3))[0] + 1
print(visits, visits.astype(jnp.int32).sum())  # expect: [2. 1. 2. 1.] 6
print(jnp.histogram_bin_edges(jnp.array([5.0, 5.0]), bins=2))  # expect: [4.5 5.  5.5]
jnp.searchsorted(jnp.ones((2, 2)), 1.0)  # expect error: ValueError: a should be 1-dimensional
jnp.diff(jnp.arange(3), n=-1)  # expect error: ValueError: order must be non-negative but got -1
