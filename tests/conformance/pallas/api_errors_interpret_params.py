import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def copy(x_ref, o_ref):
    o_ref[...] = x_ref[...]

def copy2(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...]

pltpu.InterpretParams(num_cores_or_threads=0)  # expect error: ValueError: Number of cores or threads must be at least 1, but got 0.

