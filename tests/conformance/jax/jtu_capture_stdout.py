# jtu.capture_stdout / capture_stderr, as JAX's print tests read a kernel's
# output: the getter gives None inside the block and the block's text after
# it, and that text is taken out of the program's output. Rungs has one
# output stream (a TPU kernel's log goes to stderr on hardware), so both
# capture it.
import jax
import jax.numpy as jnp
from jax._src import test_util as jtu
from jax.experimental import pallas as pl


def hello_kernel(o_ref):
    pl.debug_print("kernel ran")
    o_ref[...] = jnp.zeros_like(o_ref)


print("before")  # expect: before
with jtu.capture_stderr() as get_output:
    jax.block_until_ready(pl.pallas_call(hello_kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32))())
    inside = get_output()
print(inside, repr(get_output()))  # expect: None 'kernel ran\n'
with jtu.capture_stdout() as get_printed:
    print("captured line")
print(get_printed().strip() == "captured line")  # expect: True
