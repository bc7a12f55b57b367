// Kernel-side functions of pl.* and pltpu.* (see kernel_api.cpp and
// tpu_api.cpp), exposed for the module tables.
#pragma once

#include <functional>
#include <vector>

#include "core/eval/objects.h"
#include "core/ir/trace.h"

namespace rungs::pallas {

using eval::Value;

Value program_id(eval::Interpreter& ip, eval::CallArgs& call);
Value num_programs(eval::Interpreter& ip, eval::CallArgs& call);
Value axis_index(eval::Interpreter& ip, eval::CallArgs& call);
Value axis_size(eval::Interpreter& ip, eval::CallArgs& call);
Value cdiv(eval::Interpreter& ip, eval::CallArgs& call);
Value multiple_of(eval::Interpreter& ip, eval::CallArgs& call);
Value when(eval::Interpreter& ip, eval::CallArgs& call);
Value load(eval::Interpreter& ip, eval::CallArgs& call);
Value store(eval::Interpreter& ip, eval::CallArgs& call);
Value debug_print(eval::Interpreter& ip, eval::CallArgs& call);
Value debug_check(eval::Interpreter& ip, eval::CallArgs& call);
Value run_scoped(eval::Interpreter& ip, eval::CallArgs& call);

// Semaphores and DMAs (tpu_api.cpp).
Value semaphore_signal(eval::Interpreter& ip, eval::CallArgs& call);
Value semaphore_wait(eval::Interpreter& ip, eval::CallArgs& call);
Value semaphore_read(eval::Interpreter& ip, eval::CallArgs& call);
Value make_async_copy(eval::Interpreter& ip, eval::CallArgs& call);
Value async_copy(eval::Interpreter& ip, eval::CallArgs& call);
Value sync_copy(eval::Interpreter& ip, eval::CallArgs& call);
Value make_async_remote_copy(eval::Interpreter& ip, eval::CallArgs& call);
Value get_barrier_semaphore(eval::Interpreter& ip, eval::CallArgs& call);
Value delay(eval::Interpreter& ip, eval::CallArgs& call);
Value prng_seed(eval::Interpreter& ip, eval::CallArgs& call);
Value prng_random_bits(eval::Interpreter& ip, eval::CallArgs& call);

// Record a Cond equation from branch bodies (each traced as a sub-jaxpr);
// captures are unified across branches. Shared by pl.when.
using BranchFn = std::function<std::vector<ir::Operand>(const std::vector<ir::Operand>&)>;
std::vector<ir::Operand> record_cond(const ir::Operand& pred, const std::vector<BranchFn>& branches,
                                     const std::vector<ir::Operand>& operands);

}  // namespace rungs::pallas
