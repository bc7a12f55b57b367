# JAX's PartitionSpec is a tuple of per-dimension axis names: sharding
# helpers take its length, index it and unpack it.
from jax.sharding import PartitionSpec as P

spec = P("data", None, ("model", "expert"))
print(len(spec), spec[0], spec[-1])  # expect: 3 data ('model', 'expert')
batch_axis, *rest = spec
print(batch_axis, rest)  # expect: data [None, ('model', 'expert')]
print([axis for axis in spec if axis is not None])  # expect: ['data', ('model', 'expert')]
print(tuple(P()), len(P()))  # expect: () 0
