from jax.experimental import pallas as pl
def add_kernel(x_ref, y_ref, o_ref):
  o_ref[...] = x_ref[...] + y_ref[...]
print(f"grid={pl.cdiv(n, 128)!r:>6}")
