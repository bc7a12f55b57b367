# jax_pallas_enable_debug_checks is off by default (JAX's config), so a failing
# pl.debug_check in a kernel is a no-op; the option reads back as a state and
# as jax.config's attribute. Turning it on (checks compiled into the kernel)
# is not modelled and says so.
import jax
import jax.numpy as jnp
from jax._src import config
from jax.experimental import pallas as pl


def copy_and_check(x_ref, y_ref):
    y_ref[...] = x_ref[...]
    pl.debug_check(False, "never holds")


x = jnp.arange(8, dtype=jnp.int32)
with config.jax_pallas_enable_debug_checks(False):
    y = pl.pallas_call(copy_and_check, out_shape=jax.ShapeDtypeStruct.like(x), interpret=True)(x)
print(y)  # expect: [0 1 2 3 4 5 6 7]
print(config.jax_pallas_enable_debug_checks.value, jax.config.jax_pallas_enable_debug_checks)  # expect: False False
jax.config.update("jax_pallas_enable_debug_checks", True)  # expect error: NotImplementedError: jax_pallas_enable_debug_checks=True is not supported by Rungs
