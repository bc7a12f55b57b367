# A "remote" DMA outside jax.shard_map: TPU interpret mode runs it on the
# one device, so to device 0 itself it works, signalling the send semaphore
# (bytes read) and the receive semaphore (bytes written), and wait() waits
# on both; another device id is outside the devices running the kernel.
# The compiler refuses communication without a shard_map's mesh.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def make_kernel(device):
    def kernel(x_ref, o_ref, send_sem, recv_sem):
        copy = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem, device_id=(device,))
        copy.start()
        copy.wait()
    return kernel

def run(device, mode):
    return pl.pallas_call(
        make_kernel(device),
        out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
        interpret=pltpu.InterpretParams(dma_execution_mode=mode, detect_races=True),
    )(jnp.ones((8, 128), jnp.float32))

for device, mode in ((0, "eager"), (0, "on_wait"), (1, "on_wait")):
    try:
        print(device, mode, float(run(device, mode).sum()))
    except (NotImplementedError, IndexError, ValueError) as e:
        print(device, mode, e)
# [tpu] expect: 0 eager 1024.0
# [tpu] expect: 0 on_wait 1024.0
# [tpu] expect: 1 on_wait make_async_remote_copy to device 1: the kernel runs on 1 device(s) (logical ids 0 to 0); a kernel that talks to other devices runs under jax.shard_map over a mesh of them
# [chip] expect: 0 eager Cannot use communication in pallas_call without shard_map.
# [chip] expect: 0 on_wait Cannot use communication in pallas_call without shard_map.
# [chip] expect: 1 on_wait Cannot use communication in pallas_call without shard_map.
# [interpret] expect: 0 eager Meshes with more than 1 named dimension not implemented in dma_start_p
# [interpret] expect: 0 on_wait Meshes with more than 1 named dimension not implemented in dma_start_p
# [interpret] expect: 1 on_wait Meshes with more than 1 named dimension not implemented in dma_start_p
