// pl / pltpu operations written in Python over jax.numpy (tpu_python_ops.cpp).
#pragma once

#include "core/python/objects.h"

namespace rungs::pallas {

using python::Value;

void add_tpu_python_ops(python::Interpreter& ip, python::ModuleObj& pltpu);
void add_pl_python_ops(python::Interpreter& ip, python::ModuleObj& pl);
// pltpu.einshape, pack/unpack_elementwise, run_on_first_core, core_barrier,
// async_remote_copy, emit_pipeline_with_allocations; pl.run_state, pl.with_scoped
// (tpu_python_helpers.cpp).
void add_tpu_python_helpers(python::Interpreter& ip, python::ModuleObj& pltpu, const Value& pltpu_value,
                            const Value& pl_value);
// pltpu.matmul_push_rhs / matmul_lhs_fifo / matmul_pop_fifo / matmul_acc_lhs /
// matmul_pop (tpu_mxu_ops.cpp).
void add_tpu_mxu_ops(python::Interpreter& ip, python::ModuleObj& pltpu, const Value& pltpu_value);
void add_pl_run_state(python::Interpreter& ip, python::ModuleObj& pl, const Value& pl_value);

}  // namespace rungs::pallas
