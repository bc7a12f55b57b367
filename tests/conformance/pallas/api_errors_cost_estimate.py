import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def copy(x_ref, o_ref):
    o_ref[...] = x_ref[...]

def copy2(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...]

pl.CostEstimate(flops=1.5, transcendentals=0, bytes_accessed=0)  # expect error: ValueError: All fields in CostEstimate must be ints. flops is not an int: <class 'float'>(1.5)
