# jax.distributed.initialize must come before the backend starts; asking
# for the devices first is JAX's RuntimeError.
import jax

n = len(jax.devices())
jax.distributed.initialize()  # expect error: RuntimeError: jax.distributed.initialize() must be called before any JAX calls that might initialise the XLA backend. This includes any computation, but also calls to jax.devices, jax.device_put, and others.
