# A "remote" DMA on the one simulated device: to device 0 itself it works,
# signalling the send semaphore (bytes read) and the receive semaphore
# (bytes written), and wait() waits on both. Another device id needs
# several devices, which Rungs does not simulate. The chip model runs its
# DMAs on the same one-device simulator, with the same answers.
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
    except NotImplementedError as e:
        print(device, mode, e)
# [tpu,chip] expect: 0 eager 1024.0
# [tpu,chip] expect: 0 on_wait 1024.0
# [tpu,chip] expect: 1 on_wait make_async_remote_copy to device 1: TPU interpret mode in Rungs simulates one device (device 0); several devices (jax.shard_map) are not simulated
# [interpret] expect: 0 eager Meshes with more than 1 named dimension not implemented in dma_start_p
# [interpret] expect: 0 on_wait Meshes with more than 1 named dimension not implemented in dma_start_p
# [interpret] expect: 1 on_wait Meshes with more than 1 named dimension not implemented in dma_start_p
