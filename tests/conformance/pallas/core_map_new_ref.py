# pl.core_map as the core_map guide writes kernels without pallas_call: the
# body takes no arguments, closes over Refs made by jax.new_ref /
# jax.empty_ref, copies what it needs into VMEM with run_scoped scratch and
# writes its result back; jax.freeze reads the Ref afterwards.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

mesh = pltpu.create_tensorcore_mesh("core", num_cores=1)


def scale_and_shift(x, shift):
    x_hbm = jax.new_ref(x)
    out_hbm = jax.empty_ref(jax.ShapeDtypeStruct(x.shape, x.dtype))

    @pl.core_map(mesh)
    def _():
        def body(tile, sem):
            pltpu.async_copy(x_hbm, tile, sem).wait()
            tile[...] = tile[...] * 3.0 + shift + jax.lax.axis_index("core").astype(jnp.float32)
            pltpu.async_copy(tile, out_hbm, sem).wait()

        pl.run_scoped(body, pltpu.VMEM(x.shape, x.dtype), pltpu.SemaphoreType.DMA)

    print(_)  # expect: None
    return jax.freeze(out_hbm)


x = jnp.arange(16 * 128, dtype=jnp.float32).reshape(16, 128)
y = scale_and_shift(x, 0.5)
print(y[0, :3], y[15, 127], bool(jnp.array_equal(y, x * 3.0 + 0.5)))  # expect: [0.5 3.5 6.5] 6141.5 True


def accumulate_in_place(acc, rows):
    # The same Ref is read and written: its old value flows in, the new one out.
    acc_hbm = jax.new_ref(acc)

    @pl.core_map(mesh, scratch_shapes=[pltpu.VMEM(acc.shape, acc.dtype), pltpu.SemaphoreType.DMA])
    def _(tile, sem):
        pltpu.sync_copy(acc_hbm, tile)
        tile[...] += rows
        pltpu.sync_copy(tile, acc_hbm)

    return acc_hbm[...]


acc = accumulate_in_place(jnp.ones((8, 128), jnp.int32), 4)
print(acc[3, :4])  # expect: [5 5 5 5]

counter = jax.new_ref(jnp.zeros(4, jnp.int32))
counter[2] = 7
counter[...] += 1
print(counter[...], counter.shape, counter.dtype, jax.freeze(counter))  # expect: [1 1 8 1] (4,) int32 [1 1 8 1]
print(jax.lax.empty((2, 3), jnp.float32).shape)  # expect: (2, 3)


@pl.core_map(mesh)  # expect error: ValueError: Attempted to lower core_map without discharging. This can happen if the core_map body does not modify any Refs or have other observable side-effects.
def no_refs():
    pass
