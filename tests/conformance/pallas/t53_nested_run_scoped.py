# SEMANTICS T53: nested run_scoped with a DMA between the two scopes.
import functools
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(o):
    @functools.partial(pl.run_scoped, sem=pltpu.SemaphoreType.DMA, x=pltpu.VMEM((1,), jnp.float32))
    def _(sem, x):
        x[...] = jnp.ones_like(x)
        @functools.partial(pl.run_scoped, y=pltpu.VMEM((1, 1), jnp.float32))
        def _(y):
            pltpu.async_copy(x, y.at[0], sem).wait()
            o[...] = y[0]

out = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((1,), jnp.float32), interpret=True)()
print(out)  # expect: [1.]
