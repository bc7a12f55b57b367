# SEMANTICS 6.3: pl.debug_check is a no-op in the interpreters unless the
# call is wrapped in checkify, which returns the failure as a value. On the
# chip a debug_check is a no-op unless pl.enable_debug_checks is on; JAX runs
# checkify around compiled TPU calls too (since "Add support for checkify in
# TPU execution mode"), so there the error is simply empty.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental import checkify

def kernel(x_ref, o_ref):
    pl.debug_check(x_ref[0] > 0, "first element must be positive")
    o_ref[...] = x_ref[...]

def run(x):
    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True)(x)

bad = jnp.array([-1.0, 2.0], jnp.float32)
print(run(bad))  # expect: [-1.  2.]
err, out = checkify.checkify(run, errors=checkify.all_checks)(bad)
print(err.get())  # [interpret,tpu] expect: first element must be positive (`check` failed)  # [chip] expect: None
err.throw()  # [interpret,tpu] expect error: JaxRuntimeError: first element must be positive (`check` failed)
