// Tracing a kernel body and its index maps into jaxprs.
//
// The kernel is called once with Ref values (one per scalar-prefetch
// operand, input, output and scratch buffer) while a fresh ir trace is
// active; index maps are called with int32 grid indices (and the scalar
// prefetch refs). While tracing, a KernelContext tells pl.program_id and
// pl.num_programs about the grid, so they can validate axes and return
// static sizes as Python ints, as JAX does.
#pragma once

#include <string>
#include <vector>

#include "core/pallas/pallas_call.h"
#include "core/pallas/pytree.h"

namespace rungs::pallas {

struct KernelContext {
  std::vector<GridDim> grid;
  std::string fn_src;
  // State a kernel's trace keeps on the side (the explicit MXU ops' staging
  // registers and result FIFOs, tpu_mxu_ops.cpp); it dies with the trace.
  mutable Value side_state;
};
const KernelContext* current_kernel_context();

class KernelContextScope {
 public:
  explicit KernelContextScope(KernelContext ctx);
  ~KernelContextScope();
  KernelContextScope(const KernelContextScope&) = delete;
  KernelContextScope& operator=(const KernelContextScope&) = delete;

 private:
  const KernelContext* previous_;
  KernelContext ctx_;
};

// "name at file:line" for a Python function value (unwrapping partials).
std::string function_source(const Value& fn, python::Interpreter& interp);
std::string function_name(const Value& fn);
std::vector<std::string> function_param_names(const Value& fn);

// Trace an index map for `mapping` (fills index_map, index_map_src),
// validating its outputs with JAX's messages.
void trace_index_map(BlockMapping& mapping, const Value& fn, const std::vector<GridDim>& grid,
                     const std::vector<ir::AVal>& prefetch, const TreeDef& prefetch_tree,
                     python::Interpreter& interp, SourceRange where);

// A mapping whose index map returns zeros (no index_map given).
void zero_index_map(BlockMapping& mapping, const std::vector<GridDim>& grid,
                    const std::vector<ir::AVal>& prefetch);

// Trace the kernel body. `trees` gives the pytree structure of each ref
// group (prefetch, inputs, outputs) so the kernel receives refs the way the
// user passed the values.
struct KernelSignature {
  std::vector<ir::AVal> refs;  // prefetch, inputs, outputs, scratch, in order
  TreeDef prefetch_tree, input_tree, output_tree;
  size_t num_prefetch = 0, num_inputs = 0, num_outputs = 0;
  // One pytree per scratch_shapes entry (its leaves are consecutive scratch
  // refs); with keys, the entries are passed as keywords.
  std::vector<TreeDef> scratch_trees;
  std::vector<std::string> scratch_keys;
};
ir::JaxprPtr trace_kernel(const Value& kernel, const KernelSignature& sig, const PallasCall& call,
                          python::Interpreter& interp);
// pl._kernel_ref(memory_type): a ref the kernel body allocates itself
// (jax.empty_ref / jax.new_ref inside a kernel, as JAX's TPU tests and the
// core_map guide write them): an extra kernel input after the scratch
// buffers, which pallas_call then allocates as scratch.
Value kernel_scoped_ref(python::Interpreter& ip, python::CallArgs& call);

}  // namespace rungs::pallas
