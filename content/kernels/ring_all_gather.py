# Many devices: a ring all-gather, one shard forwarded per step, one receive semaphore per step
# devices: 4
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import PartitionSpec as P

n = jax.device_count()
mesh = jax.make_mesh((n,), ("ring",))


def ring_gather(x_ref, out_ref, send_sem, recv_sems, local_sem):
    step = pl.program_id(0)
    me = lax.axis_index("ring")

    @pl.when(step == 0)
    def _():  # our own shard goes to its slot first
        own = pltpu.make_async_copy(x_ref, out_ref.at[me], local_sem)
        own.start()
        own.wait()

    slot = lax.rem(me - step + n, n)  # the shard that reached us `step` steps ago

    @pl.when(step < n - 1)
    def _():
        forward = pltpu.make_async_remote_copy(
            out_ref.at[slot], out_ref.at[slot], send_sem, recv_sems.at[step],
            device_id=(lax.rem(me + 1, n),), device_id_type=pl.DeviceIdType.MESH)
        forward.start()
        forward.wait()


gather = pl.pallas_call(
    ring_gather,
    grid=(n,),
    out_shape=jax.ShapeDtypeStruct((n, 8, 128), jnp.float32),
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
    out_specs=pl.BlockSpec(memory_space=pl.ANY),
    scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA((n,)), pltpu.SemaphoreType.DMA],
    interpret=pltpu.InterpretParams(detect_races=True),
)
x = jnp.repeat(jnp.arange(n, dtype=jnp.float32), 8)[:, None] * jnp.ones((1, 128))
got = jax.shard_map(gather, mesh=mesh, in_specs=P("ring"), out_specs=P("ring"), check_vma=False)(x)
want = jax.shard_map(lambda a: lax.all_gather(a, "ring"), mesh=mesh, in_specs=P("ring"), out_specs=P("ring"))(x)
print("device 0 holds shards", got[:n, 0, 0], "- equal to lax.all_gather:", bool(jnp.array_equal(got, want)))
