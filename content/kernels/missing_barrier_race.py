# Many devices: a remote write lands in a buffer its owner is still clearing (no barrier): a race
# devices: 4
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import PartitionSpec as P

n = jax.device_count()
mesh = jax.make_mesh((n,), ("x",))


def pass_right(x_ref, o_ref, landing, send_sem, recv_sem):
    me = lax.axis_index("x")
    landing[...] = jnp.zeros_like(landing)  # our left neighbour may already be writing here
    # The fix: tell both neighbours we are ready, then wait until both are.
    #   sem = pltpu.get_barrier_semaphore()
    #   pl.semaphore_signal(sem, device_id=(lax.rem(me + n - 1, n),), device_id_type=pl.DeviceIdType.MESH)
    #   pl.semaphore_signal(sem, device_id=(lax.rem(me + 1, n),), device_id_type=pl.DeviceIdType.MESH)
    #   pl.semaphore_wait(sem, 2)
    # (with compiler_params=pltpu.CompilerParams(collective_id=0) on the pallas_call)
    push = pltpu.make_async_remote_copy(x_ref, landing, send_sem, recv_sem,
                                        device_id=(lax.rem(me + 1, n),), device_id_type=pl.DeviceIdType.MESH)
    push.start()
    push.wait()
    o_ref[...] = landing[...]


kernel = pl.pallas_call(
    pass_right,
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    scratch_shapes=[pltpu.VMEM((8, 128), jnp.float32), pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
    interpret=pltpu.InterpretParams(detect_races=True),
)
x = jnp.repeat(jnp.arange(1, n + 1, dtype=jnp.float32), 8)[:, None] * jnp.ones((1, 128))
y = jax.shard_map(kernel, mesh=mesh, in_specs=P("x"), out_specs=P("x"), check_vma=False)(x)
print("received from the left:", y[::8, 0], "(expected", jnp.roll(x[::8, 0], 1), ")")
