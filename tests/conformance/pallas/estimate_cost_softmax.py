# pl.estimate_cost, also importable as jax._src.pallas.cost_estimate, on a
# row softmax: jax.nn.softmax takes its max from an initial -inf (one max per
# row, counted as flops), then a subtract and a divide per element and an
# exp (a transcendental) per element. The masked form gives the same values
# where the mask holds and zeros elsewhere.
import jax
import jax.numpy as jnp
from jax._src.pallas import cost_estimate
from jax.experimental import pallas as pl

rows, cols = 16, 128
scores = jax.ShapeDtypeStruct((rows, cols), jnp.float32)
cost = cost_estimate.estimate_cost(jax.nn.softmax, scores)
print(cost.flops == 2 * rows * cols + rows, cost.transcendentals, cost.bytes_accessed)  # expect: True 2048 16384
print(cost_estimate.estimate_cost is pl.estimate_cost)  # expect: True

x = jnp.arange(8.0).reshape(2, 4)
mask = jnp.array([[True, True, False, True], [False, True, True, True]])
probs = jnp.round(jax.nn.softmax(x, where=mask), 3)
print(probs[0])  # expect: [0.042 0.114 0.    0.844]
print(probs[1])  # expect: [0.    0.09  0.245 0.665]
