# Many devices: every device sends its shard to its right-hand neighbour (lax.ppermute by hand)
# devices: 4
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import PartitionSpec as P

n = jax.device_count()  # the playground's "devices" setting
mesh = jax.make_mesh((n,), ("ring",))


def to_the_right(x_ref, o_ref, send_sem, recv_sem):
    me = lax.axis_index("ring")
    push = pltpu.make_async_remote_copy(
        x_ref, o_ref, send_sem, recv_sem,
        device_id=(lax.rem(me + 1, n),), device_id_type=pl.DeviceIdType.MESH)
    push.start()  # writes into the neighbour's o_ref, signals both semaphores
    push.wait()   # our send finished, and our left neighbour's shard arrived


shift = pl.pallas_call(
    to_the_right,
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
    out_specs=pl.BlockSpec(memory_space=pl.ANY),
    scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
    interpret=pltpu.InterpretParams(detect_races=True),
)
x = jnp.repeat(jnp.arange(n, dtype=jnp.float32), 8)[:, None] * jnp.ones((1, 128))
y = jax.shard_map(shift, mesh=mesh, in_specs=P("ring"), out_specs=P("ring"), check_vma=False)(x)
print("shard of each device before:", x[::8, 0])
print("and after:                  ", y[::8, 0])
