# rungs-args: --max-memory 10000000
# Arrays that are dropped give their bytes back: a loop allocating 4 MB a
# time under a 10 MB budget runs to the end.
import jax.numpy as jnp
total = 0.0
for i in range(20):
    x = jnp.ones((1000, 1000), jnp.float32)
    total += float(x[0, 0])
print(total)  # expect: 20.0
