# rungs-args: --devices 8
# A ring all-gather written as a Pallas kernel: the grid walks n steps; at
# step s every device forwards to its right neighbour the shard that
# arrived s steps ago (its own at step 0), so after n - 1 steps each
# device holds every shard. Each step receives on its own semaphore: with
# one receive semaphore for all steps a wait only counts bytes, so a fast
# left neighbour's later shard can satisfy it and the shard forwarded next
# may not have landed yet (ring_all_gather_race.py). Checked against
# lax.all_gather; rung 2 looks for races between the devices.
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
    def _():
        own = pltpu.make_async_copy(x_ref, out_ref.at[me], local_sem)
        own.start()
        own.wait()

    slot = lax.rem(me - step + n, n)

    @pl.when(step < n - 1)
    def _():
        forward = pltpu.make_async_remote_copy(
            out_ref.at[slot], out_ref.at[slot], send_sem, recv_sems.at[step],
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
        scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA((n,)), pltpu.SemaphoreType.DMA],
        interpret=pltpu.InterpretParams(detect_races=True),
    )
    return jax.shard_map(kernel, mesh=mesh, in_specs=P("ring"), out_specs=P("ring"), check_vma=False)(x)

x = jax.random.normal(jax.random.key(3), (n * 8, 128))
got = gather(x)
want = jax.shard_map(lambda a: lax.all_gather(a, "ring"), mesh=mesh, in_specs=P("ring"), out_specs=P("ring"))(x)
print(got.shape, bool(jnp.array_equal(got, want)))  # expect: (64, 8, 128) True
print(bool(jnp.array_equal(got[:n].reshape(n * 8, 128), x)))  # expect: True
