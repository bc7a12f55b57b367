# BufferedRefs declared as pallas_call scratch (a pytree of a window and
# its DMA semaphores each) and handed to emit_pipeline as allocations: the
# pipeline takes its block specs from them, so emit_pipeline needs none.
# An INPUT_OUTPUT buffer reads the output block back in, so the body
# accumulates over k into what the previous k left.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

M, N, K, T = 256, 256, 384, 128
buffers = [
    pltpu.BufferedRef.input(pl.BlockSpec((T, T), lambda m, n, k: (m, k)), jnp.float32),
    pltpu.BufferedRef.input(pl.BlockSpec((T, T), lambda m, n, k: (k, n)), jnp.float32),
    pltpu.BufferedRef.input_output(pl.BlockSpec((T, T), lambda m, n, k: (m, n)), jnp.float32),
]
print(buffers[0].buffer_count, buffers[2].is_input_output, buffers[0].buffer_type)  # expect: 2 True BufferType.INPUT


def tile_matmul(a_ref, b_ref, acc_ref):
    @pl.when(pl.program_id(2) == 0)
    def _():
        acc_ref[...] = jnp.zeros_like(acc_ref)

    acc_ref[...] += jnp.dot(a_ref[...], b_ref[...], preferred_element_type=jnp.float32)


def matmul_kernel(a_hbm, b_hbm, o_hbm, a_buf, b_buf, o_buf):
    pltpu.emit_pipeline(tile_matmul, grid=(M // T, N // T, K // T))(
        a_hbm, b_hbm, o_hbm, allocations=[a_buf, b_buf, o_buf])


a = (jnp.arange(M * K, dtype=jnp.float32).reshape(M, K) % 7) / 4
b = (jnp.arange(K * N, dtype=jnp.float32).reshape(K, N) % 5) / 2
out = pl.pallas_call(
    matmul_kernel,
    in_specs=[pl.BlockSpec(memory_space=pltpu.ANY)] * 2,
    out_specs=pl.BlockSpec(memory_space=pltpu.ANY),
    out_shape=jax.ShapeDtypeStruct((M, N), jnp.float32),
    scratch_shapes=buffers,
)(a, b)
print(bool(jnp.allclose(out, a @ b, rtol=1e-2)))  # expect: True
