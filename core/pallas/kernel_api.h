// Kernel-side functions of pl.* and pltpu.* (see kernel_api.cpp and
// tpu_api.cpp), exposed for the module tables.
#pragma once

#include <functional>
#include <vector>

#include "core/python/objects.h"
#include "core/ir/trace.h"

namespace rungs::pallas {

using python::Value;

Value program_id(python::Interpreter& ip, python::CallArgs& call);
Value num_programs(python::Interpreter& ip, python::CallArgs& call);
Value axis_index(python::Interpreter& ip, python::CallArgs& call);
Value axis_size(python::Interpreter& ip, python::CallArgs& call);
Value cdiv(python::Interpreter& ip, python::CallArgs& call);
Value multiple_of(python::Interpreter& ip, python::CallArgs& call);
Value when(python::Interpreter& ip, python::CallArgs& call);
Value load(python::Interpreter& ip, python::CallArgs& call);
Value store(python::Interpreter& ip, python::CallArgs& call);
// pltpu.load(ref, *, mask=None) / pltpu.store(ref, val, *, mask=None).
Value tpu_load(python::Interpreter& ip, python::CallArgs& call);
Value tpu_store(python::Interpreter& ip, python::CallArgs& call);
Value debug_print(python::Interpreter& ip, python::CallArgs& call);
Value debug_check(python::Interpreter& ip, python::CallArgs& call);
Value run_scoped(python::Interpreter& ip, python::CallArgs& call);

// Semaphores and DMAs (tpu_api.cpp).
Value semaphore_signal(python::Interpreter& ip, python::CallArgs& call);
Value semaphore_wait(python::Interpreter& ip, python::CallArgs& call);
Value semaphore_read(python::Interpreter& ip, python::CallArgs& call);
Value make_async_copy(python::Interpreter& ip, python::CallArgs& call);
Value async_copy(python::Interpreter& ip, python::CallArgs& call);
Value sync_copy(python::Interpreter& ip, python::CallArgs& call);
Value make_async_remote_copy(python::Interpreter& ip, python::CallArgs& call);
Value get_barrier_semaphore(python::Interpreter& ip, python::CallArgs& call);
Value delay(python::Interpreter& ip, python::CallArgs& call);
Value prng_seed(python::Interpreter& ip, python::CallArgs& call);
Value prng_random_bits(python::Interpreter& ip, python::CallArgs& call);

// Record a Cond equation from branch bodies (each traced as a sub-jaxpr);
// captures are unified across branches. Shared by pl.when.
using BranchFn = std::function<std::vector<ir::Operand>(const std::vector<ir::Operand>&)>;
std::vector<ir::Operand> record_cond(const ir::Operand& pred, const std::vector<BranchFn>& branches,
                                     const std::vector<ir::Operand>& operands);

}  // namespace rungs::pallas
