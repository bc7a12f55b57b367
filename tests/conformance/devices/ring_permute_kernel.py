# rungs-args: --devices 4
# Each device pushes its shard to its right-hand neighbour with one remote
# DMA (device ids as mesh coordinates); the result must equal lax.ppermute.
# Rung 1 emulates the DMA with JAX's all-gather, rungs 2-3 simulate the
# four devices' memories and semaphores.
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import PartitionSpec as P

n = jax.device_count()
mesh = jax.make_mesh((n,), ("ring",))
blocks = jnp.arange(n * 8 * 128, dtype=jnp.float32).reshape(n * 8, 128)

def shift_right(src_ref, dst_ref, send_sem, recv_sem):
    me = lax.axis_index("ring")
    push = pltpu.make_async_remote_copy(
        src_ref, dst_ref, send_sem, recv_sem,
        device_id=(lax.rem(me + 1, n),), device_id_type=pl.DeviceIdType.MESH)
    push.start()
    push.wait()

def shifted(x, mode):
    kernel = pl.pallas_call(
        shift_right,
        out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
        interpret=pltpu.InterpretParams(detect_races=True, dma_execution_mode=mode),
    )
    return jax.jit(jax.shard_map(kernel, mesh=mesh, in_specs=P("ring"), out_specs=P("ring"), check_vma=False))(x)

expected = jax.shard_map(lambda a: lax.ppermute(a, "ring", [(i, (i + 1) % n) for i in range(n)]),
                         mesh=mesh, in_specs=P("ring"), out_specs=P("ring"))(blocks)
for mode in ("eager", "on_wait"):
    got = shifted(blocks, mode)
    print(mode, bool(jnp.array_equal(got, expected)), got[::8, 0])
# expect: eager True [3072.    0. 1024. 2048.]
# expect: on_wait True [3072.    0. 1024. 2048.]
