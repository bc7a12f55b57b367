# rungs-args: --devices 4
# What jax.shard_map and the collectives refuse, in JAX's words: a shard
# that does not divide, an output spec that claims replication the value
# does not have, collectives outside any mapped axis, a bad permutation,
# and a remote DMA to a device outside the mesh.
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("x",))

def attempt(fn):
    try:
        print(fn())
    except (ValueError, NameError, TypeError, IndexError) as e:
        print(type(e).__name__ + ":", str(e).splitlines()[0])

def scale(a):
    return a * 2

attempt(lambda: jax.shard_map(scale, mesh=mesh, in_specs=P("x"), out_specs=P("x"))(jnp.ones(6)))
# expect: ValueError: shard_map applied to the function 'scale' was given argument arrays with axis sizes that are not evenly divisible by the corresponding mesh axis sizes:
attempt(lambda: jax.shard_map(scale, mesh=mesh, in_specs=P("x"), out_specs=P())(jnp.ones(8)))
# expect: ValueError: shard_map applied to the function 'scale' was given out_specs which require replication which can't be statically inferred given the mesh:
print(jax.shard_map(scale, mesh=mesh, in_specs=P("x"), out_specs=P(), check_vma=False)(jnp.arange(8.0)))  # expect: [0. 2.]
attempt(lambda: lax.psum(jnp.ones(3), "x"))
# expect: NameError: Found an unbound axis name: x. To fix this, please call psum under `jax.shard_map`.
attempt(lambda: lax.axis_index("x"))
# expect: NameError: Found an unbound axis name: x. To fix this, please call axis_index under `jax.shard_map`.
attempt(lambda: jax.shard_map(lambda a: lax.ppermute(a, "x", [(0, 1), (1, 1)]), mesh=mesh, in_specs=P("x"), out_specs=P("x"))(jnp.ones(4)))
# expect: ValueError: ppermute sources and destinations must be unique, got [(0, 1), (1, 1)].
attempt(lambda: jax.shard_map(lambda a: lax.psum(a, "y"), mesh=mesh, in_specs=P("x"), out_specs=P("x"))(jnp.ones(4)))
# expect: NameError: Found an unbound axis name: y. To fix this, please call psum under `jax.shard_map`.
attempt(lambda: jax.shard_map(scale, mesh=mesh, in_specs=P("z"), out_specs=P("x"))(jnp.ones(4)))
# expect: ValueError: Resource axis: z of P('z',) is not found in mesh: ('x',).

def far_copy(x_ref, o_ref, send_sem, recv_sem):
    far = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem, device_id=(7,))
    far.start()
    far.wait()

far = pl.pallas_call(far_copy, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
                     in_specs=[pl.BlockSpec(memory_space=pl.ANY)], out_specs=pl.BlockSpec(memory_space=pl.ANY),
                     scratch_shapes=[pltpu.SemaphoreType.DMA] * 2, interpret=pltpu.InterpretParams())
attempt(lambda: jax.shard_map(far, mesh=mesh, in_specs=P("x"), out_specs=P("x"), check_vma=False)(jnp.ones((32, 128))).shape)
# [tpu,chip] expect: IndexError: make_async_remote_copy to device 7: the kernel runs on 4 device(s) (logical ids 0 to 3); a kernel that talks to other devices runs under jax.shard_map over a mesh of them
# [interpret] expect: (32, 128)
