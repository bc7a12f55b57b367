# rungs-args: --devices 3
# The ring all-gather of ring_all_gather_kernel.py with ONE receive
# semaphore for every step. A wait only counts bytes, so on three devices
# device 2's step-1 wait can be satisfied by its left neighbour's step-2
# shard, and device 2 then forwards shard 1 before it has landed. JAX's
# generic interpreter (an all-gather per DMA) and the chip model (DMAs
# complete at start) never show it; TPU interpret mode, whose DMAs run
# late (on_wait), gets wrong values and reports the race with both
# accesses: the incoming write and the outgoing read of the same slot.
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import PartitionSpec as P

n = jax.device_count()
mesh = jax.make_mesh((n,), ("ring",))

def ring_gather(x_ref, out_ref, send_sem, recv_sem, local_sem):
    step = pl.program_id(0)
    me = lax.axis_index("ring")

    @pl.when(step == 0)
    def _():
        own = pltpu.make_async_copy(x_ref, out_ref.at[me], local_sem)
        own.start()
        own.wait()

    slot = lax.rem(me - step + n, n)

    @pl.when(step < n - 1)
    def _():
        forward = pltpu.make_async_remote_copy(
            out_ref.at[slot], out_ref.at[slot], send_sem, recv_sem,
            device_id=(lax.rem(me + 1, n),), device_id_type=pl.DeviceIdType.MESH)
        forward.start()
        forward.wait()

def gather(x):
    kernel = pl.pallas_call(
        ring_gather,
        grid=(n,),
        out_shape=jax.ShapeDtypeStruct((n, 8, 128), jnp.float32),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA] * 3,
        interpret=pltpu.InterpretParams(detect_races=True),
    )
    return jax.shard_map(kernel, mesh=mesh, in_specs=P("ring"), out_specs=P("ring"), check_vma=False)(x)

x = jax.random.normal(jax.random.key(3), (n * 8, 128))
got = gather(x)
want = jax.shard_map(lambda a: lax.all_gather(a, "ring"), mesh=mesh, in_specs=P("ring"), out_specs=P("ring"))(x)
print(got.shape, bool(jnp.array_equal(got, want)))
print(bool(jnp.array_equal(got[:n].reshape(n * 8, 128), x)))
# [tpu] expect: RACE DETECTED
# [tpu] expect:   write of ('hbm', 101, 2, 0)[(1, slice(0, 8, 1), slice(0, 128, 1))] from (103, 0), ring_all_gather_race.py:37:8 (ring_gather)
# [tpu] expect:   clock: [0 5 0 0 7 0]
# [tpu] expect:   read of ('hbm', 101, 2, 0)[(1, slice(0, 8, 1), slice(0, 128, 1))] from (107, 0), ring_all_gather_race.py:37:8 (ring_gather)
# [tpu] expect:   clock: [ 5 10 10  8  6  7]
# [tpu] expect:
# [tpu] expect: (9, 8, 128) False
# [tpu] expect: False
# [interpret,chip] expect: (9, 8, 128) True
# [interpret,chip] expect: True
