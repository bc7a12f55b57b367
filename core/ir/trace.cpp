#include "core/ir/trace.h"

#include "core/ir/host_precision.h"
#include "core/ir/tape.h"

#include "core/errors/error.h"
#include "core/ir/batching.h"
#include "core/ir/rules.h"

namespace rungs::ir {

namespace {
thread_local TracePtr g_current;
thread_local SourceRange g_source;
thread_local SourceMap g_source_map;

bool is_ancestor(const TraceState* ancestor, const TraceState* t) {
  for (; t; t = t->parent.get())
    if (t == ancestor) return true;
  return false;
}
}  // namespace

Operand Operand::concrete(Array a) {
  Operand op;
  op.aval = AVal::array(a.dtype(), a.shape(), a.weak_type());
  op.value = std::move(a);
  return op;
}

Operand Operand::of_var(TracePtr trace, int var) {
  Operand op;
  op.aval = trace->jaxpr->vars[static_cast<size_t>(var)];
  op.trace = std::move(trace);
  op.var = var;
  return op;
}

TraceState::TraceState(TracePtr parent_, std::string purpose_)
    : parent(std::move(parent_)), purpose(std::move(purpose_)) {
  level = parent ? parent->level + 1 : 0;
}

TracePtr current_trace() { return g_current; }

TraceScope::TraceScope(TracePtr trace) : previous_(g_current) { g_current = std::move(trace); }
TraceScope::~TraceScope() { g_current = previous_; }

void set_current_source(SourceRange where) { g_source = where; }
SourceRange current_source() { return g_source; }

SourceMapScope::SourceMapScope(SourceMap map) : previous_(std::move(g_source_map)) { g_source_map = std::move(map); }
SourceMapScope::~SourceMapScope() { g_source_map = std::move(previous_); }

Atom lift(const TracePtr& trace, const Operand& op) {
  // A vmap-batched value reaching a jaxpr (a kernel closing over it, a
  // control-flow primitive on it): no batching rule covers that here.
  if (op.batched()) raise_here(ErrorId::batching_rule_missing, trace->purpose);
  if (!op.traced()) {
    if (op.aval.shape.empty() && !op.aval.is_ref()) return Atom::of_literal(op.value);
    if (trace->allow_consts) {
      int v = trace->jaxpr->new_var(op.aval);
      trace->jaxpr->constvars.push_back(v);
      trace->jaxpr->consts.push_back(op.value);
      return Atom::of_var(v);
    }
  } else {
    if (op.trace == trace) return Atom::of_var(op.var);
    if (op.trace->finished || !is_ancestor(op.trace.get(), trace.get()))
      raise_here(ErrorId::unexpected_tracer, aval_str(op.aval));
  }
  // A value of an enclosing trace (or a constant inside a sub-trace):
  // capture it as a new invar; the caller passes it in explicitly.
  for (size_t i = 0; i < trace->capture_sources.size(); ++i) {
    const Operand& s = trace->capture_sources[i];
    if (op.traced() && s.trace == op.trace && s.var == op.var) return Atom::of_var(trace->capture_vars[i]);
    if (!op.traced() && !s.traced() && s.value.shares_storage_with(op.value))
      return Atom::of_var(trace->capture_vars[i]);
  }
  int v = trace->jaxpr->new_var(op.aval);
  trace->capture_sources.push_back(op);
  trace->capture_vars.push_back(v);
  return Atom::of_var(v);
}

std::vector<Operand> record(Prim prim, const std::vector<Operand>& inputs, const Params& params,
                            const std::vector<AVal>& out_avals) {
  for (const Operand& op : inputs)
    if (op.batched()) raise_here(ErrorId::batching_rule_missing, prim_name(prim));
  TracePtr trace = current_trace();
  if (!trace) raise_here(ErrorId::primitive_needs_trace, prim_name(prim));
  Eqn eqn;
  eqn.prim = prim;
  eqn.params = params;
  eqn.source = g_source_map ? g_source_map(g_source) : g_source;
  for (const Operand& op : inputs) eqn.inputs.push_back(lift(trace, op));
  std::vector<Operand> outs;
  for (const AVal& aval : out_avals) {
    int v = trace->jaxpr->new_var(aval);
    eqn.outputs.push_back(v);
    outs.push_back(Operand::of_var(trace, v));
  }
  trace->jaxpr->eqns.push_back(std::move(eqn));
  return outs;
}

std::vector<Operand> bind(Prim prim, const std::vector<Operand>& inputs, const Params& params) {
  for (const Operand& op : inputs)
    if (op.batched()) return bind_batched(prim, inputs, params);
  TracePtr trace = current_trace();
  if (!trace) {
    std::vector<Array> arrays;
    arrays.reserve(inputs.size());
    for (const Operand& op : inputs) {
      if (op.traced()) raise_here(ErrorId::unexpected_tracer, aval_str(op.aval));
      arrays.push_back(op.value);
    }
    std::vector<Operand> outs;
    std::vector<Array> results =
        prim == Prim::DotGeneral ? host_dot_general(arrays, params) : apply_pure(prim, arrays, params);
    for (Array& a : results) outs.push_back(Operand::concrete(std::move(a)));
    if (current_tape()) record_on_tape(prim, params, inputs, outs);
    return outs;
  }
  std::vector<AVal> in_avals;
  in_avals.reserve(inputs.size());
  for (const Operand& op : inputs) in_avals.push_back(op.aval);
  std::vector<Operand> outs = record(prim, inputs, params, abstract_eval(prim, in_avals, params));
  if (current_tape()) record_on_tape(prim, params, inputs, outs);
  return outs;
}

Operand bind1(Prim prim, const std::vector<Operand>& inputs, const Params& params) {
  return bind(prim, inputs, params)[0];
}

SubTrace trace_sub(const std::string& purpose, const std::vector<AVal>& arg_avals,
                   const std::function<std::vector<Operand>(const std::vector<Operand>&)>& body) {
  auto sub = std::make_shared<TraceState>(current_trace(), purpose);
  sub->allow_consts = false;
  std::vector<int> arg_vars;
  std::vector<Operand> args;
  for (const AVal& aval : arg_avals) {
    int v = sub->jaxpr->new_var(aval);
    arg_vars.push_back(v);
    args.push_back(Operand::of_var(sub, v));
  }
  {
    TraceScope scope(sub);
    std::vector<Operand> outs = body(args);
    for (const Operand& op : outs) sub->jaxpr->outvars.push_back(lift(sub, op));
  }
  sub->finished = true;
  SubTrace result;
  result.jaxpr = sub->jaxpr;
  result.jaxpr->invars = sub->capture_vars;
  result.jaxpr->invars.insert(result.jaxpr->invars.end(), arg_vars.begin(), arg_vars.end());
  result.captured = sub->capture_sources;
  result.num_captured = static_cast<int>(sub->capture_sources.size());
  return result;
}

}  // namespace rungs::ir
