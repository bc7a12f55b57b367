# SEMANTICS 6.1 / 8: debug=True prints the kernel's jaxpr on rung 1 and
# nothing at all in TPU interpret mode. The chip prints the kernel jaxpr and
# the Mosaic module, here the model's own Mosaic-like text, labelled so.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1

out = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct((8,), jnp.float32),
    debug=True,
    interpret=pltpu.InterpretParams(),
)(jnp.zeros((8,), jnp.float32))
# [interpret] expect:
# [interpret] expect: Jaxpr of the kernel in pallas_call kernel at debug_prints_nothing.py:9:
# [interpret] expect: { lambda ; a:f32[8] b:f32[8]. let
# [interpret] expect:     c:f32[8] = add a 1.0:f32[]
# [interpret] expect:   in (a, c) }
# [chip] expect:
# [chip] expect: The kernel jaxpr for pallas_call kernel at debug_prints_nothing.py:9:
# [chip] expect: { lambda ; a:Ref{float32[8]} b:Ref{float32[8]}. let
# [chip] expect:     c:f32[8] <- a[:]
# [chip] expect:     d:f32[8] = add c 1.0:f32[]
# [chip] expect:     b[:] <- d
# [chip] expect:   in () }
# [chip] expect:
# [chip] expect: The Mosaic module for pallas_call kernel at debug_prints_nothing.py:9:
# [chip] expect: // Rungs chip model output, NOT libtpu's Mosaic compiler: a Mosaic-like module the model writes for TPU v5e,
# [chip] expect: // showing the memory spaces, windows, grid and DMAs it simulates.
# [chip] expect: // pipeline: args[0] (x_ref) HBM -> vmem block (8,), one buffer: copied in when its block index changes
# [chip] expect: // pipeline: outputs[0] (o_ref) -> HBM from vmem block (8,), one buffer: written back when its block index is about to change
# [chip] expect: // footprint: 1.00K vmem, 0B smem
# [chip] expect: module attributes {stable_mosaic.version = "rungs-chip-model"} {
# [chip] expect:   func.func @kernel(%arg0: memref<8xf32, #tpu.memory_space<vmem>>, %arg1: memref<8xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [], iteration_bounds = array<i64: >, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = []} {
# [chip] expect:     %0 = vector.load %arg0[0:+8] : memref<8xf32, #tpu.memory_space<vmem>>, vector<8xf32>
# [chip] expect:     %c1 = arith.constant 1.0 : f32
# [chip] expect:     %2 = arith.addf %0, %c1 : vector<8xf32>
# [chip] expect:     tpu.vector_store %arg1[0:+8], %2 : memref<8xf32, #tpu.memory_space<vmem>>, vector<8xf32>
# [chip] expect:     return
# [chip] expect:   }
# [chip] expect: }
print(out)  # expect: [1. 1. 1. 1. 1. 1. 1. 1.]
