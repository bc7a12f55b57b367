# Explicit MXU ops on a TPU v5e: stage a (128, 128) RHS, stream LHS row
# blocks through the result FIFO and pop the products in order. Mosaic
# schedules the FIFO statically, so popping an empty FIFO or overfilling it
# fails to compile; v5e has no addressed accumulators (matmul_acc_lhs is a
# generation-7 op). Only Mosaic lowers these primitives: JAX's interpreters
# have no rule for them.
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

ROWS = 8


def run(kernel, out_shape, *args):
    try:
        return pl.pallas_call(kernel, out_shape=out_shape)(*args)
    except Exception as e:
        return f"{type(e).__name__}: {e}"


def streamed_matmul(x_ref, w_ref, o_ref):
    pltpu.matmul_push_rhs(w_ref[...], staging_register=0, mxu_index=0, transpose=True)
    for r in range(x_ref.shape[0] // ROWS):
        rows = pl.ds(r * ROWS, ROWS)
        pltpu.matmul_lhs_fifo(x_ref[rows, :], mxu_index=0, load_staged_rhs=0 if r == 0 else None)
        o_ref[rows, :] = pltpu.matmul_pop_fifo(shape=(ROWS, 128), dtype=jnp.float32, mxu_index=0)


x = np.arange(32 * 128, dtype=np.float32).reshape(32, 128) % 7
w = np.arange(128 * 128, dtype=np.float32).reshape(128, 128) % 5
out = run(streamed_matmul, jax.ShapeDtypeStruct((32, 128), jnp.float32), x, w)
print(out if isinstance(out, str) else bool(np.array_equal(np.asarray(out), x @ w.T)))  # [chip] expect: True  # [interpret,tpu] expect: NotImplementedError: MLIR translation rule for primitive 'matmul_push_rhs' not found for platform cpu


def queue_everything(x_ref, w_ref, o_ref):
    pltpu.matmul_push_rhs(w_ref[...], staging_register=1, mxu_index=0)
    for r in range(x_ref.shape[0] // ROWS):
        pltpu.matmul_lhs_fifo(x_ref[pl.ds(r * ROWS, ROWS), :], mxu_index=0, load_staged_rhs=1 if r == 0 else None)
    o_ref[...] = jnp.zeros_like(o_ref)


print(run(queue_everything, jax.ShapeDtypeStruct((256, 128), jnp.float32), np.ones((256, 128), np.float32), w))  # [chip] expect: JaxRuntimeError: INTERNAL: Mosaic failed to compile TPU kernel: Cannot schedule FIFO push instruction when the FIFO is full  # [interpret,tpu] expect: NotImplementedError: MLIR translation rule for primitive 'matmul_push_rhs' not found for platform cpu


def pop_twice(x_ref, w_ref, o_ref):
    pltpu.matmul_push_rhs(w_ref[...], staging_register=0, mxu_index=1)
    pltpu.matmul_lhs_fifo(x_ref[...], mxu_index=1, load_staged_rhs=0)
    o_ref[...] = pltpu.matmul_pop_fifo(shape=(8, 128), dtype=jnp.int32, mxu_index=1)
    o_ref[...] += pltpu.matmul_pop_fifo(shape=(8, 128), dtype=jnp.int32, mxu_index=1)


ones8 = np.ones((8, 128), np.int8)
print(run(pop_twice, jax.ShapeDtypeStruct((8, 128), jnp.int32), ones8, np.ones((128, 128), np.int8)))  # [chip] expect: JaxRuntimeError: INTERNAL: Mosaic failed to compile TPU kernel: Cannot schedule FIFO pop instruction when the FIFO is empty  # [interpret,tpu] expect: NotImplementedError: MLIR translation rule for primitive 'matmul_push_rhs' not found for platform cpu


def int8_products(x_ref, w_ref, o_ref):
    pltpu.matmul_push_rhs(w_ref[...], staging_register=0, mxu_index=1)
    pltpu.matmul_lhs_fifo(x_ref[...], mxu_index=1, load_staged_rhs=0)
    o_ref[...] = pltpu.matmul_pop_fifo(shape=(32, 128), dtype=jnp.int32, mxu_index=1)


xi = (np.arange(32 * 128).reshape(32, 128) % 9 - 4).astype(np.int8)
wi = (np.arange(128 * 128).reshape(128, 128) % 5 - 2).astype(np.int8)
out = run(int8_products, jax.ShapeDtypeStruct((32, 128), jnp.int32), xi, wi)
print(out if isinstance(out, str) else bool(np.array_equal(np.asarray(out), xi.astype(np.int32) @ wi.astype(np.int32))))  # [chip] expect: True  # [interpret,tpu] expect: NotImplementedError: MLIR translation rule for primitive 'matmul_push_rhs' not found for platform cpu


def accumulate(x_ref, w_ref, o_ref):
    pltpu.matmul_push_rhs(w_ref[...], staging_register=0, mxu_index=0)
    pltpu.matmul_acc_lhs(acc_addr=0, lhs=x_ref[...], mxu_index=0, load_staged_rhs=0)
    o_ref[...] = pltpu.matmul_pop(acc_addr=0, shape=(8, 128), dtype=jnp.float32, mxu_index=0)


print(run(accumulate, jax.ShapeDtypeStruct((8, 128), jnp.float32), x[:8], w))  # [chip] expect: MosaicError: INTERNAL: Mosaic failed to compile TPU kernel: MatmulAccLhsOp not supported on TPU generations < 7  # [interpret,tpu] expect: NotImplementedError: MLIR translation rule for primitive 'matmul_push_rhs' not found for platform cpu
pltpu.matmul_pop_fifo(shape=(8, 128), dtype=jnp.bfloat16, mxu_index=0)  # expect error: ValueError: Only float32 and int32 results are supported, got bfloat16
