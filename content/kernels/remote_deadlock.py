# Many devices: the last device never sends, so device 0 waits forever (JAX hangs; Rungs says who waits)
# devices: 4
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
    push = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem,
                                        device_id=(lax.rem(me + 1, n),), device_id_type=pl.DeviceIdType.MESH)

    @pl.when(me != n - 1)  # the bug: the ring is left open
    def _():
        push.start()
        push.wait_send()

    push.wait_recv()  # device 0 waits here for a shard nobody sends


kernel = pl.pallas_call(
    open_ring,
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
    out_specs=pl.BlockSpec(memory_space=pl.ANY),
    scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
    interpret=pltpu.InterpretParams(),
)
x = jnp.ones((n * 8, 128), jnp.float32)
y = jax.shard_map(kernel, mesh=mesh, in_specs=P("x"), out_specs=P("x"), check_vma=False)(x)
