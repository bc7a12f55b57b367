# rungs-args: --devices 2
# Each device clears a VMEM landing buffer, then its left neighbour writes
# into it with a remote DMA. Without a barrier nothing orders the clear on
# one device against the neighbour's incoming write: TPU interpret mode
# reports the race on every device with both lines (here two devices get
# the right values by luck; on four the chip model's early DMAs land before
# the clear and are wiped). With the barrier semaphore -- signal both
# neighbours, wait for both -- every clear happens before every incoming
# write. interpret=True has no barrier semaphore: XLA on CPU cannot lower it.
import functools
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import PartitionSpec as P

n = jax.device_count()
mesh = jax.make_mesh((n,), ("x",))

def pass_right(x_ref, o_ref, landing, send_sem, recv_sem, *, barrier):
    me = lax.axis_index("x")
    left, right = lax.rem(me + n - 1, n), lax.rem(me + 1, n)
    landing[...] = jnp.zeros_like(landing)
    if barrier:
        sem = pltpu.get_barrier_semaphore()
        pl.semaphore_signal(sem, device_id=(left,), device_id_type=pl.DeviceIdType.MESH)
        pl.semaphore_signal(sem, device_id=(right,), device_id_type=pl.DeviceIdType.MESH)
        pl.semaphore_wait(sem, 2)
    push = pltpu.make_async_remote_copy(x_ref, landing, send_sem, recv_sem, device_id=(right,),
                                        device_id_type=pl.DeviceIdType.MESH)
    push.start()
    push.wait()
    o_ref[...] = landing[...] + 1.0

def run(barrier):
    kernel = pl.pallas_call(
        functools.partial(pass_right, barrier=barrier),
        out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
        scratch_shapes=[pltpu.VMEM((8, 128), jnp.float32), pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
        compiler_params=pltpu.CompilerParams(collective_id=7 if barrier else None),
        interpret=pltpu.InterpretParams(detect_races=True),
    )
    x = jnp.repeat(jnp.arange(n, dtype=jnp.float32), 8)[:, None] * jnp.ones((1, 128))
    out = jax.shard_map(kernel, mesh=mesh, in_specs=P("x"), out_specs=P("x"), check_vma=False)(x)
    return out[::8, 0]

print(run(barrier=False))
try:
    print(run(barrier=True))
except NotImplementedError as e:
    print(e)
# [tpu] expect: RACE DETECTED
# [tpu] expect:   write of ('vmem', 104, 1, 0)[(slice(0, 8, 1), slice(0, 128, 1))] from (100, 0), barrier_before_remote_write.py:32:4 (pass_right)
# [tpu] expect:   clock: [4 0 3 0]
# [tpu] expect:   write of ('vmem', 104, 1, 0)[(slice(0, 8, 1), slice(0, 128, 1))] from (1, 0), barrier_before_remote_write.py:24:4 (pass_right)
# [tpu] expect:   clock: [0 3 0 0]
# [tpu] expect:
# [tpu] expect: RACE DETECTED
# [tpu] expect:   write of ('vmem', 104, 0, 0)[(slice(0, 8, 1), slice(0, 128, 1))] from (101, 0), barrier_before_remote_write.py:32:4 (pass_right)
# [tpu] expect:   clock: [0 4 0 3]
# [tpu] expect:   write of ('vmem', 104, 0, 0)[(slice(0, 8, 1), slice(0, 128, 1))] from (0, 0), barrier_before_remote_write.py:24:4 (pass_right)
# [tpu] expect:   clock: [3 0 0 0]
# [tpu] expect:
# expect: [2. 1.]
# [tpu,chip] expect: [2. 1.]
# [interpret] expect: MLIR translation rule for primitive 'get_barrier_semaphore' not found for platform cpu
