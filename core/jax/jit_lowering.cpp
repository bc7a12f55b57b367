// Tracing a jitted function with abstract arguments (jit_lowering.h).
#include "core/jax/jit_lowering.h"

#include <set>

#include "core/ir/trace.h"
#include "core/jax/array_value.h"
#include "core/jax/jnp_ops.h"
#include "core/jax/modules.h"
#include "core/python/modules.h"
#include "core/python/operators.h"
#include "core/python/value_ops.h"

namespace rungs::jax {

namespace {

struct LoweredTable : python::StageState {
  std::vector<std::shared_ptr<LoweredModule>> modules;
};

// Restores the session (and the traced-function name errors quote) however
// tracing ends, an exception included.
class SessionScope {
 public:
  SessionScope(LoweringSession& s, const std::string& platform, ir::TracePtr trace, const std::string& fn_name)
      : session_(s), saved_(std::move(s)), saved_name_(tracing_function_name()) {
    session_ = LoweringSession{};
    session_.active = true;
    session_.platform = platform;
    session_.trace = std::move(trace);
    set_tracing_function_name(fn_name);
  }
  ~SessionScope() {
    session_ = std::move(saved_);
    set_tracing_function_name(saved_name_);
  }
  SessionScope(const SessionScope&) = delete;
  SessionScope& operator=(const SessionScope&) = delete;

 private:
  LoweringSession& session_;
  LoweringSession saved_;
  std::string saved_name_;
};


}  // namespace

std::string function_location(Interpreter& ip, const Value& fn) {
  Value f = python::unwrap_partial(fn);
  if (!f.is(ObjKind::Function)) return callable_name(fn);
  const auto& fo = f.as<FunctionObj>();
  return fo.name + " at " + (fo.module ? fo.module->filename : ip.filename()) + ":" + std::to_string(fo.range().line);
}

ir::AVal abstract_leaf(Interpreter& ip, const Value& v, SourceRange where, const char* what) {
  if (is_shape_dtype_struct(v)) {
    const auto& r = v.as<RecordObj>();
    array::Shape shape;
    for (const Value& d : ip.iterate(r.get("shape"))) shape.push_back(to_index(d, where));
    auto dt = dtype_of_value(r.get("dtype"));
    return ir::AVal::array(dt ? *dt : array::DType::Float32, shape);
  }
  ir::AVal a = to_operand(ip, v, where, what).aval;
  a.kind = ir::AVal::Kind::Array;
  return a;
}

LoweringSession& lowering_session(Interpreter& ip) { return ip.state<LoweringSession>(); }
bool lowering_active(Interpreter& ip) { return lowering_session(ip).active; }

int64_t lower_jitted(Interpreter& ip, const Value& jitted, const std::string& platform, CallArgs& call) {
  SourceRange where = call.where;
  Value fn = jitted_function(jitted);
  std::set<int64_t> nums = jitted_static_argnums(jitted);
  std::set<std::string> names = jitted_static_argnames(jitted);

  // JAX's in_tree is over ((dynamic args...), {dynamic kwargs}).
  Values dynamic;
  for (size_t i = 0; i < call.positional.size(); ++i)
    if (!nums.count(static_cast<int64_t>(i))) dynamic.push_back(call.positional[i]);
  auto kwargs = std::make_shared<DictObj>();
  for (const auto& [key, value] : call.keywords)
    if (!names.count(key)) kwargs->set(make_str(key), value);
  Flat flat = flatten(ip, make_tuple({make_tuple(dynamic), Value::object(kwargs)}), where);

  auto module = std::make_shared<LoweredModule>();
  module->fun_name = jitted.as<RecordObj>().get("__name__").as<StrObj>().s;
  module->platform = platform;
  module->in_tree = flat.tree;
  module->fun = jitted;
  auto trace = std::make_shared<ir::TraceState>(ir::current_trace(), "jit");
  std::vector<int> invars;
  Values traced_leaves;
  for (const Value& leaf : flat.leaves) {
    ir::AVal aval = abstract_leaf(ip, leaf, where, "jit");
    module->in_avals.push_back(aval);
    int var = trace->jaxpr->new_var(aval);
    invars.push_back(var);
    traced_leaves.push_back(make_array(ir::Operand::of_var(trace, var)));
  }
  // Put the traced leaves back where the dynamic arguments were.
  Value rebuilt = unflatten_values(flat.tree, traced_leaves);
  const Values& parts = rebuilt.as<TupleObj>().items;
  const Values& new_args = parts[0].as<TupleObj>().items;
  CallArgs inner;
  inner.where = where;
  for (size_t i = 0, k = 0; i < call.positional.size(); ++i)
    inner.positional.push_back(nums.count(static_cast<int64_t>(i)) ? call.positional[i] : new_args[k++]);
  for (const auto& [key, value] : call.keywords) {
    const Value* traced = parts[1].as<DictObj>().find(make_str(key));
    inner.keywords.emplace_back(key, traced ? *traced : value);
  }

  LoweringSession& session = lowering_session(ip);
  {
    SessionScope scope(session, platform, trace, function_location(ip, fn) + " for jit");
    ir::TraceScope trace_scope(trace);
    Value out = ip.call(fn, std::move(inner));
    Flat result = flatten(ip, out, where);
    module->out_tree = result.tree;
    for (const Value& leaf : result.leaves) {
      ir::Operand op = to_operand(ip, leaf, where, "jit");
      module->out_avals.push_back(op.aval);
      trace->jaxpr->outvars.push_back(ir::lift(trace, op));
    }
    module->calls = std::move(session.calls);
    module->host_callbacks = session.host_callbacks;
  }
  trace->finished = true;
  trace->jaxpr->invars = invars;
  module->jaxpr = trace->jaxpr;
  auto& table = ip.state<LoweredTable>().modules;
  table.push_back(std::move(module));
  return static_cast<int64_t>(table.size()) - 1;
}

int64_t lowered_module_count(Interpreter& ip) {
  return static_cast<int64_t>(ip.state<LoweredTable>().modules.size());
}

const LoweredModule& lowered_module(Interpreter& ip, int64_t id, SourceRange where) {
  auto& table = ip.state<LoweredTable>().modules;
  if (id < 0 || id >= static_cast<int64_t>(table.size()))
    raise(ErrorId::internal_error, where, "unknown lowered module " + std::to_string(id));
  return *table[static_cast<size_t>(id)];
}

}  // namespace rungs::jax
