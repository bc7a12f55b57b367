# rungs-args: --max-memory 10000000
# Arrays that fit one by one but not together: the live total is capped,
# and the error names the limit and the line.
import jax.numpy as jnp
xs = []
for i in range(10):
    xs.append(jnp.zeros((1000, 1000), jnp.float32))  # expect error: MemoryError: memory limit exceeded: allocating 4000000 bytes would bring the program to ...
