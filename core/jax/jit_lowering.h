// Lowering a jitted function without running it: what `jax.jit(f).lower(*args)`,
// `jax.jit(f).trace(*args)` and `jax.export.export(jax.jit(f), platforms=...)`
// build (jax/_src/stages.py, jax/_src/export/_export.py).
//
// The function is traced once with abstract arguments (arrays, Python
// scalars or jax.ShapeDtypeStructs become jaxpr variables) into a host
// jaxpr, as JAX's `jit(f).trace` does. Host jnp/lax code records equations;
// a pallas_call met while lowering runs nothing: core/pallas asks the
// platform's lowering rule for it (the interpreter's HLO, JAX's CPU refusal,
// or the chip model's Mosaic checks and module) and records one
// `pallas_call` equation. The result is kept per interpreter as a
// LoweredModule; the Python objects of jax.stages / jax.export (written in
// Python, module_lowering.cpp) hold its id.
#pragma once

#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/jax/module_lax_tree.h"
#include "core/python/interpreter.h"

namespace rungs::jax {

// What a platform's lowering rule made of one pallas_call.
struct LoweredCall {
  std::string name;             // the kernel's name
  bool custom_call = false;     // a tpu_custom_call (Mosaic); false: the interpreter's HLO
  std::string model_text;       // the model's Mosaic module, or a summary of the interpreter's loop
  std::string backend_config;   // the custom call's backend_config, as the model writes it
  std::function<void()> compile;  // the checks libtpu makes when compiling (the VMEM budget)
  bool has_cost = false;        // pl.CostEstimate given (XLA reads it from the custom call)
  double flops = 0, transcendentals = 0, bytes_accessed = 0;
  // VMEM the compiled kernel reserves (the chip model's footprint), which
  // XLA's compiled module reports as used_scoped_memory_configs; -1: none.
  int64_t scoped_vmem_bytes = -1;
};

// A pallas_call's lowering rule for the platform being lowered for;
// installed by core/pallas (which depends on this stage, not the reverse).
struct LoweringSession : python::StageState {
  bool active = false;
  std::string platform;     // "cpu" or "tpu"
  ir::TracePtr trace;       // the jit trace
  bool host_callbacks = false;     // jax.debug.print / callbacks met at host level
  std::vector<LoweredCall> calls;  // pallas_calls met, in order (eqn params.n indexes it)
};
LoweringSession& lowering_session(python::Interpreter& ip);
// True while a jitted function is being traced for lowering.
bool lowering_active(python::Interpreter& ip);

struct LoweredModule {
  std::string fun_name;   // "f"
  std::string platform;   // what it was lowered for
  ir::JaxprPtr jaxpr;     // invars: the flattened non-static arguments
  Tree in_tree;           // ((args...), {kwargs}) as JAX's in_tree
  Tree out_tree;
  std::vector<ir::AVal> in_avals, out_avals;
  std::vector<LoweredCall> calls;
  bool host_callbacks = false;
  Value fun;              // the jitted function, for Compiled / Exported.call
};

// Trace `jitted` (a jax.jit result) for `platform` with these arguments;
// returns the module's id in this interpreter's table.
int64_t lower_jitted(python::Interpreter& ip, const Value& jitted, const std::string& platform, CallArgs& call);
const LoweredModule& lowered_module(python::Interpreter& ip, int64_t id, SourceRange where);
int64_t lowered_module_count(python::Interpreter& ip);

// The module as StableHLO-like text (lowering_text.cpp).
std::string stablehlo_text(const LoweredModule& m);
// Compiled.as_text(): the same module, plus what compiling adds to each
// tpu_custom_call's backend_config (the scoped VMEM it uses).
std::string compiled_text(const LoweredModule& m);

// An argument leaf as a trace sees it: a ShapeDtypeStruct gives its type;
// arrays, NumPy arrays and Python scalars (weakly typed) their own.
ir::AVal abstract_leaf(python::Interpreter& ip, const Value& v, SourceRange where, const char* what);

// "f at kernel.py:3": how JAX's messages name a traced/differentiated function.
std::string function_location(python::Interpreter& ip, const Value& fn);

// jax.jit's wrapper object: is `v` one, and what does it wrap.
bool is_jitted(const Value& v);
Value jitted_function(const Value& jitted);
// The arguments it takes as static (static_argnums/static_argnames, each
// completed from the other by the signature).
std::set<int64_t> jitted_static_argnums(const Value& jitted);
std::set<std::string> jitted_static_argnames(const Value& jitted);

}  // namespace rungs::jax
