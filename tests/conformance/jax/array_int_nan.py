# int() of a float array converts its Python float: NaN and infinity are
# CPython's errors, other values truncate toward zero.
import jax.numpy as jnp

print(int(jnp.array(-2.7)), int(jnp.float32(3.9)))  # expect: -2 3
try:
    int(jnp.array(float("inf")))
except OverflowError as e:
    print(e)                                         # expect: cannot convert float infinity to integer
int(jnp.float32(float("nan")))                      # expect error: ValueError: cannot convert float NaN to integer
