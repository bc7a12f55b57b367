# Many devices: a ring reduce-scatter, partial sums passed to the right and added to on the way
# devices: 4
import functools
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import PartitionSpec as P

n = jax.device_count()
mesh = jax.make_mesh((n,), ("ring",))


def reduce_scatter(x_ref, out_ref, partial, inbox, send_sem, recv_sems, *, n):
    # Device d ends with chunk d summed over all devices. The partial sum of
    # chunk (d - s - 1) % n leaves device d at step s; each device it reaches
    # adds its own copy of that chunk before passing it on.
    me = lax.axis_index("ring")

    def chunk(c):
        return x_ref[pl.ds(pl.multiple_of(lax.rem(c + 2 * n, n) * 8, 8), 8), :]

    partial[...] = chunk(me - 1)
    for s in range(n - 1):
        send = pltpu.make_async_remote_copy(
            partial, inbox.at[s], send_sem, recv_sems.at[s],
            device_id=(lax.rem(me + 1, n),), device_id_type=pl.DeviceIdType.MESH)
        send.start()
        send.wait()  # partial may be overwritten, inbox[s] has arrived
        partial[...] = inbox[s] + chunk(me - s - 2)
    out_ref[...] = partial[...]


kernel = pl.pallas_call(
    functools.partial(reduce_scatter, n=n),
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    scratch_shapes=[pltpu.VMEM((8, 128), jnp.float32), pltpu.VMEM((n - 1, 8, 128), jnp.float32),
                    pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA((n - 1,))],
    interpret=pltpu.InterpretParams(detect_races=True),
)
x = jax.random.normal(jax.random.key(0), (n * n * 8, 128))
got = jax.shard_map(kernel, mesh=mesh, in_specs=P("ring"), out_specs=P("ring"), check_vma=False)(x)
want = jax.shard_map(lambda a: lax.psum_scatter(a, "ring", tiled=True), mesh=mesh, in_specs=P("ring"),
                     out_specs=P("ring"))(x)
print("max |kernel - lax.psum_scatter| =", float(jnp.max(jnp.abs(got - want))))
