// pltpu's explicit MXU operations (mosaic/primitives.py): matmul_push_rhs
// stages a right-hand side in one of an MXU's staging registers;
// matmul_lhs_fifo (TPU generations < 7) multiplies a left-hand side by the
// MXU's loaded weights and queues the product in the MXU's result FIFO, which
// matmul_pop_fifo dequeues; matmul_acc_lhs / matmul_pop (generation >= 7) do
// the same through addressed accumulator slices instead of a FIFO.
//
// Mosaic schedules these ops statically, so the model keeps each MXU's state
// while the kernel is traced (in the kernel context's side state, which
// ends with the trace) and emits ordinary dots: the values are the
// hardware's, and the scheduling errors Mosaic reports (a pop from an empty
// FIFO, a push into a full one) surface when the kernel is compiled, as on a
// TPU. The FIFO's depth is not stated by JAX; the model assumes 16 result
// vregs of (8, 128) 32-bit values per MXU (kFifoSource says so where it checks).
//
// Only Mosaic lowers these primitives: JAX's interpreters (interpret=True and
// the TPU interpret mode) have no rule for them, so off the chip rung they
// raise the lowering error JAX raises for a primitive without a CPU rule.
#include "core/pallas/kernel_trace.h"
#include "core/pallas/tpu_python_ops.h"
#include "core/python/interpreter.h"
#include "core/python/modules.h"

namespace rungs::pallas {

namespace {

const char* const kMxuSource = R"PY(
import jax
import jax.numpy as jnp
from jax._src.pallas.mosaic import error_handling

# Result vregs of (num_sublanes, 128) 32-bit values one MXU's result FIFO holds
# (a model assumption: JAX and Mosaic do not state the depth).
_FIFO_DEPTH_VREGS = 16


def _mxu(op, mxu_index):
    state = _kernel_side_state({})
    if state is None:
        raise NotImplementedError(f"Evaluation rule for '{op}' not implemented")
    if jax.default_backend() != "tpu":
        raise NotImplementedError(f"MLIR translation rule for primitive '{op}' not found for platform cpu")
    info = _pltpu.get_tpu_info()
    if not isinstance(mxu_index, int) or not 0 <= mxu_index < info.num_mxus:
        _mosaic_error(f"Invalid MXU index {mxu_index}: the chip has {info.num_mxus} MXUs")
    mxus = state.setdefault("mxus", {})
    if mxu_index not in mxus:
        mxus[mxu_index] = {"staged": {}, "weights": None, "fifo": [], "acc": {}}
    return mxus[mxu_index], info


def _mosaic_error(message):
    raise error_handling.MosaicError("INTERNAL: Mosaic failed to compile TPU kernel: " + message)


def _schedule_error(message):
    raise jax.errors.JaxRuntimeError("INTERNAL: Mosaic failed to compile TPU kernel: " + message)


def _accumulator_dtype(x):
    return jnp.int32 if jnp.issubdtype(x.dtype, jnp.integer) else jnp.float32


def _load_staged(mxu, op, load_staged_rhs):
    if load_staged_rhs is not None:
        if load_staged_rhs not in mxu["staged"]:
            _mosaic_error(f"{op} loads staging register {load_staged_rhs}, which holds no pushed RHS")
        mxu["weights"] = mxu["staged"].pop(load_staged_rhs)
    if mxu["weights"] is None:
        _mosaic_error(f"{op} multiplies before any RHS was loaded into the MXU")
    return mxu["weights"]


def _product(lhs, weights):
    if lhs.ndim != 2 or lhs.shape[1] != weights.shape[0]:
        _mosaic_error(f"LHS of shape {tuple(lhs.shape)} does not match the loaded RHS of shape {tuple(weights.shape)}")
    return jnp.matmul(lhs, weights, preferred_element_type=_accumulator_dtype(lhs))


def matmul_push_rhs(rhs, staging_register, mxu_index, *, transpose=False):
    mxu, _ = _mxu("matmul_push_rhs", mxu_index)
    mxu["staged"][staging_register] = rhs.T if transpose else rhs


def matmul_lhs_fifo(lhs, mxu_index, *, load_staged_rhs=None):
    if load_staged_rhs is not None and not isinstance(load_staged_rhs, int):
        raise TypeError("load_staged_rhs must be an integer or None.")
    mxu, info = _mxu("matmul_lhs_fifo", mxu_index)
    if info.generation >= 7:
        _mosaic_error("MatmulLhsFifoOp not supported on TPU generations >= 7")
    product = _product(lhs, _load_staged(mxu, "matmul_lhs_fifo", load_staged_rhs))
    queued = sum(_vregs(entry.shape, info) for entry in mxu["fifo"])
    if queued + _vregs(product.shape, info) > _FIFO_DEPTH_VREGS:
        _schedule_error("Cannot schedule FIFO push instruction when the FIFO is full")
    mxu["fifo"].append(product)


def _vregs(shape, info):
    return -(-shape[0] // info.num_sublanes) * -(-shape[1] // info.num_lanes)


def _check_result_dtype(dtype, what):
    dtype = jnp.dtype(dtype)
    if dtype not in (jnp.dtype(jnp.float32), jnp.dtype(jnp.int32)):
        raise ValueError(f"Only float32 and int32 {what} are supported, got {dtype}")
    return dtype


def matmul_pop_fifo(shape, dtype, mxu_index):
    dtype = _check_result_dtype(dtype, "results")
    mxu, _ = _mxu("matmul_pop_fifo", mxu_index)
    if not mxu["fifo"]:
        _schedule_error("Cannot schedule FIFO pop instruction when the FIFO is empty")
    result = mxu["fifo"].pop(0)
    if tuple(shape) != tuple(result.shape):
        _mosaic_error(f"matmul_pop_fifo of shape {tuple(shape)} pops a result of shape {tuple(result.shape)}")
    return result.astype(dtype)


def matmul_acc_lhs(acc_addr, lhs, mxu_index, load_staged_rhs=None):
    if isinstance(load_staged_rhs, bool):
        raise TypeError("load_staged_rhs must be an integer or None.")
    mxu, info = _mxu("matmul_acc_lhs", mxu_index)
    if info.generation < 7:
        _mosaic_error("MatmulAccLhsOp not supported on TPU generations < 7")
    product = _product(lhs, _load_staged(mxu, "matmul_acc_lhs", load_staged_rhs))
    previous = mxu["acc"].get(acc_addr)
    mxu["acc"][acc_addr] = product if previous is None else previous + product


def matmul_pop(acc_addr, shape, dtype, mxu_index):
    dtype = _check_result_dtype(dtype, "accumulators")
    mxu, info = _mxu("matmul_pop", mxu_index)
    if info.generation < 7:
        _mosaic_error("MatmulPopOp not supported on TPU generations < 7")
    result = mxu["acc"].pop(acc_addr, None)
    if result is None:
        return jnp.zeros(shape, dtype)
    if tuple(shape) != tuple(result.shape):
        _mosaic_error(f"matmul_pop of shape {tuple(shape)} pops an accumulator of shape {tuple(result.shape)}")
    return result.astype(dtype)
)PY";

// _kernel_side_state(fresh): the side state of the kernel being traced (its
// first call stores `fresh`); None outside a kernel.
Value kernel_side_state(python::Interpreter&, python::CallArgs& call) {
  const KernelContext* ctx = current_kernel_context();
  if (!ctx) return Value::none();
  if (ctx->side_state.is_none()) ctx->side_state = call.positional.at(0);
  return ctx->side_state;
}

}  // namespace

void add_tpu_mxu_ops(python::Interpreter& ip, python::ModuleObj& pltpu, const Value& pltpu_value) {
  Value defs = ip.define_generated_module("jax.experimental.pallas._tpu_mxu", kMxuSource,
                                          {{"_kernel_side_state", python::make_builtin("_kernel_side_state", kernel_side_state)},
                                           {"_pltpu", pltpu_value}});
  for (const char* name : {"matmul_push_rhs", "matmul_lhs_fifo", "matmul_pop_fifo", "matmul_acc_lhs", "matmul_pop"})
    pltpu.attrs[name] = defs.as<python::ModuleObj>().attrs.at(name);
}

}  // namespace rungs::pallas
