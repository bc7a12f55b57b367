# rungs-args: --devices 4
# Every device waits for a shard from its left neighbour, but the last
# device never sends (its start() sits under pl.when), so device 0 waits
# forever. JAX hangs here; Rungs stops with the waiting device, semaphore
# and line. On interpret=True a remote DMA is an all-gather all devices
# must join, so there the skipped start() is the mismatch.
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import PartitionSpec as P

n = jax.device_count()
mesh = jax.make_mesh((n,), ("x",))

def open_ring(x_ref, o_ref, send_sem, recv_sem):
    me = lax.axis_index("x")
    push = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem, device_id=(lax.rem(me + 1, n),),
                                        device_id_type=pl.DeviceIdType.MESH)

    @pl.when(me != n - 1)
    def _():
        push.start()  # [interpret] expect error: RuntimeError: Deadlock: on interpret=True a remote DMA is an all-gather every device must join (JAX's generic interpreter emulates it with lax.all_gather; XLA would hang here), but device(s) 0, 1, 2 wait at their remote DMA number 0 while device(s) 3 finished without starting it
        push.wait_send()

    push.wait_recv()  # [tpu,chip] expect error: RuntimeError: Deadlock: every unfinished core waits on a semaphore that no running core and no queued DMA can signal (JAX would hang here):...

kernel = pl.pallas_call(
    open_ring,
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
    out_specs=pl.BlockSpec(memory_space=pl.ANY),
    scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
    interpret=pltpu.InterpretParams(),
)
x = jnp.ones((n * 8, 128), jnp.float32)
jax.shard_map(kernel, mesh=mesh, in_specs=P("x"), out_specs=P("x"), check_vma=False)(x)
