// Tracing: how Python code becomes a jaxpr.
//
// Like JAX (with "omnistaging"), every primitive bound while a trace is
// active is recorded into the innermost trace, even when its inputs are
// concrete; with no active trace, primitives compute immediately. So the same
// jnp implementation serves host code and kernel bodies. Values from an
// enclosing trace used inside an inner one (a cond branch capturing a kernel
// variable) are captured: they become leading invars of the inner jaxpr, and
// the caller passes them as explicit operands, which keeps sub-jaxprs closed.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/ir/jaxpr.h"

namespace rungs::ir {

class TraceState;
using TracePtr = std::shared_ptr<TraceState>;
struct Batched;  // core/ir/batching.h: a value standing for a stack of vmap examples
struct TapeNode;  // core/ir/tape.h: one recorded equation of jax.grad / jax.jvp

// A value's place on one differentiation tape (core/ir/tape.h).
struct TapeTag {
  std::shared_ptr<TapeNode> node;
  int output = 0;
};

// A primitive's input or output as the host sees it: a concrete array, or a
// variable of some (possibly enclosing) trace.
struct Operand {
  Array value;      // valid when !traced()
  TracePtr trace;   // owner of `var` when traced by a jaxpr trace
  int var = -1;
  AVal aval;        // always valid (for a batched value: one example's type)
  std::shared_ptr<const Batched> batch;  // set when the value is batched by a vmap
  // Set while jax.grad / jax.vjp / jax.jvp record (core/ir/tape.h): per
  // tape this value depends on, the node that computed it (outermost first).
  std::vector<TapeTag> tapes;

  // Not a concrete value: a jaxpr variable or a vmap batch (both refuse
  // concretisation, as JAX's tracers do).
  bool traced() const { return trace != nullptr || batch != nullptr; }
  bool batched() const { return batch != nullptr; }
  static Operand concrete(Array a);
  static Operand of_var(TracePtr trace, int var);
};

class TraceState {
 public:
  TraceState(TracePtr parent, std::string purpose);
  JaxprPtr jaxpr = std::make_shared<Jaxpr>();
  TracePtr parent;
  int level = 0;          // 0 for the outermost trace
  bool finished = false;  // set when tracing ends; later use is an escaped tracer
  std::string purpose;    // "kernel", "index_map", "cond branch", ... (for errors)

  // Captured values of enclosing traces: capture_sources[i] feeds
  // jaxpr->invars[capture_invars[i]]. The list grows as the body uses them.
  std::vector<Operand> capture_sources;
  std::vector<int> capture_vars;
  // Concrete non-scalar arrays used while tracing become constvars.
  bool allow_consts = true;
};

// The stack of active traces (one per engine thread).
TracePtr current_trace();
class TraceScope {
 public:
  explicit TraceScope(TracePtr trace);
  ~TraceScope();
  TraceScope(const TraceScope&) = delete;
  TraceScope& operator=(const TraceScope&) = delete;

 private:
  TracePtr previous_;
};

// Source position stamped on equations recorded from now on.
void set_current_source(SourceRange where);
SourceRange current_source();

// While a program runs, how an equation's position becomes the user's: an
// equation recorded by generated library code (jnp functions written in
// Python) carries the user's call that entered it, as its errors do.
using SourceMap = std::function<SourceRange(const SourceRange&)>;
class SourceMapScope {
 public:
  explicit SourceMapScope(SourceMap map);
  ~SourceMapScope();
  SourceMapScope(const SourceMapScope&) = delete;
  SourceMapScope& operator=(const SourceMapScope&) = delete;

 private:
  SourceMap previous_;
};

// Bind a primitive: record into the active trace, or compute now. Only
// Unary/Binary/Compare/Pure primitives compute eagerly; others require a
// trace (the host evaluator handles eager control flow itself).
std::vector<Operand> bind(Prim prim, const std::vector<Operand>& inputs, const Params& params);
Operand bind1(Prim prim, const std::vector<Operand>& inputs, const Params& params);

// Record an equation with explicitly given output types (state ops, control
// flow) into the current trace. Inputs are lifted into that trace.
std::vector<Operand> record(Prim prim, const std::vector<Operand>& inputs, const Params& params,
                            const std::vector<AVal>& out_avals);

// The atom an operand becomes inside `trace` (capturing it if it belongs to
// an enclosing trace, turning concrete scalars into literals).
Atom lift(const TracePtr& trace, const Operand& operand);

// Trace `body` with fresh invars of the given types into a new sub-trace of
// the current one. The result's invars are [captures..., args...]; the
// captured outer operands are returned in `captured`.
struct SubTrace {
  JaxprPtr jaxpr;
  std::vector<Operand> captured;  // outer operands feeding the leading invars
  int num_captured = 0;
};
SubTrace trace_sub(const std::string& purpose, const std::vector<AVal>& arg_avals,
                   const std::function<std::vector<Operand>(const std::vector<Operand>&)>& body);

}  // namespace rungs::ir
