# A multi-host benchmark's preamble run on one TPU host: initialize()
# auto-detects a one-process cluster, process_index/process_count read it,
# and the mistakes JAX reports (calling twice, bad process ids) are its.
import jax
import jax.numpy as jnp

print(jax.distributed.is_initialized())  # expect: False
jax.distributed.initialize()
print(jax.distributed.is_initialized(), jax.process_index(), jax.process_count())  # expect: True 0 1
if jax.process_index() == 0:
    print("leader", float(jnp.ones((8, 128)).sum()))  # expect: leader 1024.0
try:
    jax.distributed.initialize()
except RuntimeError as e:
    print(e)  # expect: distributed.initialize should only be called once.
jax.distributed.shutdown()
jax.distributed.shutdown()
print(jax.distributed.is_initialized())  # expect: False
try:
    jax.distributed.initialize(coordinator_address="10.0.0.1:1234", num_processes=2, process_id=2)
except ValueError as e:
    print(e)  # expect: process_id and num_processes must be nonnegative, with process_id < num_processes. Got process_id=2, num_processes=2.
try:
    jax.distributed.initialize(num_processes="4", process_id=0)
except TypeError as e:
    print(e)  # expect: num_processes must be a positive int. Got num_processes=4 of type <class 'str'>.
jax.distributed.initialize(coordinator_address="10.0.0.1:1234", num_processes=4, process_id=0)  # expect error: NotImplementedError: jax.distributed.initialize with more than one process is not supported by Rungs
