# jax.empty_ref / jax.new_ref inside a kernel body, as JAX's TPU pipeline
# tests write them: each is a buffer of the kernel (VMEM unless a memory
# space is given), allocated like a scratch_shapes entry; new_ref starts
# from its value. A loop accumulates into one, a DMA fills the other.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(x_hbm, o_ref):
    tile = jax.empty_ref(jax.ShapeDtypeStruct((8, 128), jnp.float32), pltpu.VMEM)
    acc = jax.new_ref(jnp.full((8, 128), 0.5, jnp.float32))
    pltpu.sync_copy(x_hbm, tile)

    def body(i, carry):
        acc[...] += tile[...] * (i + 1).astype(jnp.float32)
        return carry

    jax.lax.fori_loop(0, 3, body, 0)
    o_ref[...] = acc[...]


x = jnp.ones((8, 128), jnp.float32)
y = pl.pallas_call(kernel, in_specs=[pl.BlockSpec(memory_space=pltpu.ANY)],
                   out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32))(x)
print(y[0, :3], y[7, 127])  # expect: [6.5 6.5 6.5] 6.5
