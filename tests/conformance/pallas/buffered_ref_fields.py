# pltpu.BufferedRef is JAX's frozen dataclass: its fields in JAX's order
# (subclasses copy them by name), its static fields and leaves as a pytree
# (the window and semaphores are what run_scoped allocates), slot
# registers that start empty, and JAX's checks on buffer counts.
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

print([f.name for f in dataclasses.fields(pltpu.BufferedRef)][:6])  # expect: ['_spec', '_buffer_type', '_buffer_count', '_grid_rank', 'window_ref', 'copy_in_slot']
spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
bref = pltpu.BufferedRef.input(spec, jnp.float32, buffer_count=3)
print(bref.buffer_count, bref.is_buffered, bref.use_lookahead, bref.copy_in_slot)  # expect: 3 True False None
print(bref.window_ref.shape, bref.is_input, bref.is_output)  # expect: (3, 8, 128) True False
print(len(jax.tree_util.tree_leaves(bref)))  # expect: 2
print(pltpu.BufferType.INPUT_OUTPUT.is_input, pltpu.BufferType.OUTPUT.is_input)  # expect: True False
print(bref.with_spec(pl.BlockSpec((16, 128), lambda i: (i, 0))).spec.block_shape)  # expect: (16, 128)
flat = pltpu.BufferedRef.input(pl.BlockSpec((256,), lambda i: (i,)), jnp.float32)
print(flat.window_ref.shape)  # expect: (512,)
aliased = pltpu.BufferedRef.input(spec, jnp.float32, source_memory_space=pltpu.VMEM)
print(aliased.is_buffered, aliased.window_ref)  # expect: False None

try:
    pltpu.BufferedRef.output(spec, jnp.float32, buffer_count=3)
except NotImplementedError as e:
    print(e)  # expect: Buffer count >2 not supported for output buffered refs.
