# rungs-args: --devices 2
# pltpu.async_remote_copy starts the remote DMA make_async_remote_copy
# describes and returns its descriptor, which the kernel waits on: each of
# two devices sends its block to the other.
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2,), ("x",))
blocks = jnp.arange(2 * 8 * 128, dtype=jnp.float32).reshape(16, 128)


def swap(src_ref, dst_ref, send_sem, recv_sem):
    other = 1 - lax.axis_index("x")
    copy = pltpu.async_remote_copy(src_ref, dst_ref, send_sem, recv_sem, device_id=(other,),
                                   device_id_type=pl.DeviceIdType.MESH)
    copy.wait()


kernel = pl.pallas_call(swap, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
                        in_specs=[pl.BlockSpec(memory_space=pl.ANY)], out_specs=pl.BlockSpec(memory_space=pl.ANY),
                        scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA])
got = jax.jit(jax.shard_map(kernel, mesh=mesh, in_specs=P("x"), out_specs=P("x"), check_vma=False))(blocks)
print(got[::8, 0], bool(jnp.array_equal(got[:8], blocks[8:])))  # expect: [1024.    0.] True
