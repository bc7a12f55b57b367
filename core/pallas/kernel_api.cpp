// The kernel-side pl.* functions: program_id, num_programs, when, load,
// store, run_scoped, multiple_of, debug_print, debug_check, and named-grid
// lax.axis_index/axis_size. Each records an equation into the kernel trace
// (or, for host-level values, simply computes).
#include "core/pallas/kernel_api.h"

#include "core/ir/batching.h"

#include "core/python/args.h"
#include "core/python/interpreter.h"
#include "core/jax/array_value.h"
#include "core/jax/jnp_core.h"
#include "core/jax/jnp_ops.h"
#include "core/jax/ref_ops.h"
#include "core/python/value_ops.h"
#include "core/ir/trace.h"
#include "core/pallas/emit_pipeline.h"
#include "core/pallas/kernel_trace.h"
#include "core/pallas/records.h"

namespace rungs::pallas {

using python::Args;
using python::ObjKind;
using ir::Operand;

namespace {

const KernelContext& require_context(const char* what, SourceRange where) {
  const KernelContext* ctx = current_kernel_context();
  if (!ctx || !ir::current_trace()) raise(ErrorId::not_in_kernel, where, what);
  return *ctx;
}

std::string grid_text(const std::vector<GridDim>& grid) {
  std::string s = "(";
  for (size_t i = 0; i < grid.size(); ++i) s += (i ? ", " : "") + std::to_string(grid[i].size);
  return s + (grid.size() == 1 ? ",)" : ")");
}

int64_t axis_of(const KernelContext& ctx, const Args& a, SourceRange where) {
  int64_t axis = a.int_at(0, 0);
  if (axis < 0 || axis >= static_cast<int64_t>(ctx.grid.size()))
    raise(ErrorId::program_id_axis, where, axis, grid_text(ctx.grid));
  return axis;
}

Operand operand_of(python::Interpreter& ip, const Value& v, SourceRange where) { return jax::to_operand(ip, v, where); }


}  // namespace

// Inside an emit_pipeline body the pipeline's grid answers, as JAX's
// program_id reads pallas_core's grid env first (a list: negative axes
// count from the end, others past it are an IndexError).
static const Value* grid_env_entry(const python::Values& entries, const Args& a, SourceRange where) {
  int64_t axis = a.int_at(0, 0), n = static_cast<int64_t>(entries.size());
  if (axis < -n || axis >= n) raise(ErrorId::sequence_index_range, where, "list");
  return &entries[static_cast<size_t>(axis < 0 ? axis + n : axis)];
}

Value program_id(python::Interpreter& ip, python::CallArgs& call) {
  Args a(call, "program_id", {"axis"}, 1);
  if (const GridEnv* env = current_grid_env(ip)) return *grid_env_entry(env->indices, a, call.where);
  const KernelContext& ctx = require_context("pl.program_id", call.where);
  ir::set_current_source(call.where);
  ir::Params p;
  p.n = axis_of(ctx, a, call.where);
  return jax::make_array(ir::record(ir::Prim::ProgramId, {}, p, {ir::AVal::array(array::DType::Int32, {})})[0]);
}

Value num_programs(python::Interpreter& ip, python::CallArgs& call) {
  Args a(call, "num_programs", {"axis"}, 1);
  if (const GridEnv* env = current_grid_env(ip)) return *grid_env_entry(env->sizes, a, call.where);
  const KernelContext& ctx = require_context("pl.num_programs", call.where);
  int64_t axis = axis_of(ctx, a, call.where);
  const GridDim& g = ctx.grid[static_cast<size_t>(axis)];
  if (!g.dynamic) return Value::integer(g.size);  // a Python int at trace time, as in JAX
  ir::set_current_source(call.where);
  ir::Params p;
  p.n = axis;
  return jax::make_array(ir::record(ir::Prim::NumPrograms, {}, p, {ir::AVal::array(array::DType::Int32, {})})[0]);
}

Value axis_index(python::Interpreter&, python::CallArgs& call) {
  Args a(call, "axis_index", {"axis_name"}, 1);
  const KernelContext& ctx = require_context("lax.axis_index", call.where);
  std::string name = a.str_at(0, "");
  for (size_t i = 0; i < ctx.grid.size(); ++i) {
    if (ctx.grid[i].name != name) continue;
    ir::set_current_source(call.where);
    ir::Params p;
    p.text = name;
    p.n = static_cast<int64_t>(i);
    return jax::make_array(ir::record(ir::Prim::AxisIndex, {}, p, {ir::AVal::array(array::DType::Int32, {})})[0]);
  }
  // A mesh axis of the shard_map the kernel runs under: the device's
  // coordinate, read per device when the kernel runs (n = -1).
  if (ir::BatchFramePtr f = ir::frame_named(name); f && f->device) {
    ir::set_current_source(call.where);
    ir::Params p;
    p.text = name;
    p.n = -1;
    return jax::make_array(ir::record(ir::Prim::AxisIndex, {}, p, {ir::AVal::array(array::DType::Int32, {})})[0]);
  }
  raise(ErrorId::unbound_axis_name, call.where, name);
}

Value axis_size(python::Interpreter&, python::CallArgs& call) {
  Args a(call, "axis_size", {"axis_name"}, 1);
  const KernelContext& ctx = require_context("lax.axis_size", call.where);
  std::string name = a.str_at(0, "");
  for (const GridDim& g : ctx.grid)
    if (g.name == name) return Value::integer(g.size);
  if (ir::BatchFramePtr f = ir::frame_named(name); f && f->device) return Value::integer(f->size);
  raise(ErrorId::unbound_axis_name, call.where, name);
}

Value cdiv(python::Interpreter& ip, python::CallArgs& call) {
  Args a(call, "cdiv", {"a", "b"}, 2);
  if (python::is_int_like(a[0]) && python::is_int_like(a[1])) {
    int64_t x = a[0].as_int(), y = a[1].as_int();
    if (y == 0) raise(ErrorId::int_division_by_zero, call.where);
    return Value::integer((x + y - 1) / y);
  }
  ir::set_current_source(call.where);
  Operand x = operand_of(ip, a[0], call.where), y = operand_of(ip, a[1], call.where);
  Operand sum = jax::binary(ir::Prim::Add, x, y);
  Operand minus = jax::binary(ir::Prim::Sub, sum, jax::scalar_int(array::DType::Int32, 1, true));
  return jax::make_array(jax::floor_divide(minus, y));
}

Value multiple_of(python::Interpreter&, python::CallArgs& call) {
  Args a(call, "multiple_of", {"x", "values"}, 2);
  if (!a[0].is(ObjKind::Array) || !a[0].as<jax::ArrayObj>().traced()) return a[0];
  ir::set_current_source(call.where);
  ir::Params p;
  p.n = a.int_at(1, 1);
  return jax::make_array(ir::bind1(ir::Prim::MultipleOf, {a[0].as<jax::ArrayObj>().op}, p));
}

// pl.when(cond)(fn): runs fn when cond holds. A static Python bool decides
// at trace time; a traced one records a cond whose false branch is empty.
Value when(python::Interpreter&, python::CallArgs& call) {
  Args a(call, "when", {"condition"}, 1);
  Value cond = a[0];
  SourceRange where = call.where;
  return python::make_builtin("pallas.when.decorator", [cond, where](python::Interpreter& ip, python::CallArgs& inner) {
    Args b(inner, "when", {"f"}, 1);
    Value fn = b[0];
    if (cond.is_number()) {
      if (ip.truthy(cond)) ip.call(fn, python::Values{}, where);
      return Value::none();
    }
    Operand c = jax::to_operand(ip, cond, where);
    if (!c.aval.shape.empty()) raise(ErrorId::when_not_scalar, where, ir::aval_long_str(c.aval));
    if (!c.traced()) {
      if (c.value.get_bool(0)) ip.call(fn, python::Values{}, where);
      return Value::none();
    }
    ir::set_current_source(where);
    record_cond(c, {[](const std::vector<Operand>&) { return std::vector<Operand>{}; },
                    [&](const std::vector<Operand>&) {
                      ip.call(fn, python::Values{}, where);
                      return std::vector<Operand>{};
                    }},
                {});
    return Value::none();
  });
}

std::vector<Operand> record_cond(const Operand& pred, const std::vector<BranchFn>& branches,
                                 const std::vector<Operand>& operands) {
  // index = convert(pred, int32), as lax.cond does for a boolean predicate.
  Operand index = pred.aval.dtype == array::DType::Int32 ? pred : jax::convert(pred, array::DType::Int32, false);
  std::vector<ir::AVal> arg_avals;
  for (const Operand& o : operands) arg_avals.push_back(o.aval);
  std::vector<ir::SubTrace> traces;
  for (const BranchFn& b : branches) traces.push_back(ir::trace_sub("cond branch", arg_avals, b));
  // Every branch takes the union of all branches' captures, then the operands.
  std::vector<Operand> captures;
  auto same = [](const Operand& x, const Operand& y) {
    if (x.traced() != y.traced()) return false;
    return x.traced() ? (x.trace == y.trace && x.var == y.var) : x.value.shares_storage_with(y.value);
  };
  for (const ir::SubTrace& t : traces)
    for (const Operand& c : t.captured) {
      bool seen = false;
      for (const Operand& d : captures) seen = seen || same(c, d);
      if (!seen) captures.push_back(c);
    }
  ir::Params p;
  std::vector<ir::AVal> out_avals;
  for (ir::SubTrace& t : traces) {
    std::vector<int> invars;
    for (const Operand& c : captures) {
      int found = -1;
      for (size_t i = 0; i < t.captured.size(); ++i)
        if (same(t.captured[i], c)) found = t.jaxpr->invars[i];
      invars.push_back(found >= 0 ? found : t.jaxpr->new_var(c.aval));
    }
    invars.insert(invars.end(), t.jaxpr->invars.begin() + t.num_captured, t.jaxpr->invars.end());
    t.jaxpr->invars = invars;
    p.jaxprs.push_back(t.jaxpr);
  }
  for (const ir::Atom& o : traces.back().jaxpr->outvars)
    out_avals.push_back(o.is_literal() ? ir::AVal::array(o.literal.dtype(), {}) : traces.back().jaxpr->vars[static_cast<size_t>(o.var)]);
  std::vector<Operand> inputs{index};
  inputs.insert(inputs.end(), captures.begin(), captures.end());
  inputs.insert(inputs.end(), operands.begin(), operands.end());
  p.counts = {static_cast<int64_t>(captures.size())};
  return ir::record(ir::Prim::Cond, inputs, p, out_avals);
}

Value load(python::Interpreter& ip, python::CallArgs& call) {
  Args a(call, "load", {"x_ref_or_view", "idx", "mask", "other", "*", "cache_modifier", "eviction_policy", "volatile"}, 1);
  if (!a[0].is(ObjKind::Ref)) raise(ErrorId::ref_index_type, call.where, python::type_name(a[0]));
  ir::set_current_source(call.where);
  Value idx = a.has(1) && !a[1].is_none() ? a[1] : python::ellipsis_value();
  jax::RefAccess acc = jax::ref_access(ip, a[0].as<jax::RefObj>(), &idx, call.where);
  std::vector<Operand> inputs{acc.inputs[0]};
  ir::Params p;
  bool has_mask = a.has(2) && !a[2].is_none(), has_other = a.has(3) && !a[3].is_none();
  if (has_mask) inputs.push_back(jax::broadcast_to(operand_of(ip, a[2], call.where), acc.result.shape));
  if (has_other)
    inputs.push_back(jax::broadcast_to(jax::convert(operand_of(ip, a[3], call.where), acc.result.dtype, false),
                                             acc.result.shape));
  p.counts = {has_mask ? 1 : 0, has_other ? 1 : 0};
  p.indexers = jax::append_view(acc, inputs);
  return jax::make_array(ir::record(ir::Prim::Load, inputs, p, {acc.result})[0]);
}

Value store(python::Interpreter& ip, python::CallArgs& call) {
  Args a(call, "store", {"x_ref_or_view", "idx", "val", "mask", "*", "eviction_policy"}, 3);
  if (!a[0].is(ObjKind::Ref)) raise(ErrorId::ref_index_type, call.where, python::type_name(a[0]));
  ir::set_current_source(call.where);
  Value idx = a[1].is_none() ? python::ellipsis_value() : a[1];
  jax::RefAccess acc = jax::ref_access(ip, a[0].as<jax::RefObj>(), &idx, call.where);
  Operand value = jax::value_for_store(ip, a[2], acc.result, call.where);
  std::vector<Operand> inputs{acc.inputs[0], value};
  bool has_mask = a.has(3) && !a[3].is_none();
  if (has_mask) inputs.push_back(jax::broadcast_to(operand_of(ip, a[3], call.where), acc.result.shape));
  ir::Params p;
  p.counts = {has_mask ? 1 : 0};
  p.indexers = jax::append_view(acc, inputs);
  ir::record(ir::Prim::Store, inputs, p, {acc.result});
  return Value::none();
}

Value tpu_load(python::Interpreter& ip, python::CallArgs& call) {
  Args a(call, "load", {"ref", "*", "mask"}, 1);
  python::CallArgs inner;
  inner.where = call.where;
  inner.positional = {a[0], Value::none(), a.has(1) ? a[1] : Value::none()};
  return load(ip, inner);
}

Value tpu_store(python::Interpreter& ip, python::CallArgs& call) {
  Args a(call, "store", {"ref", "val", "*", "mask"}, 2);
  python::CallArgs inner;
  inner.where = call.where;
  inner.positional = {a[0], Value::none(), a[1], a.has(2) ? a[2] : Value::none()};
  return store(ip, inner);
}

Value debug_print(python::Interpreter& ip, python::CallArgs& call) {
  if (call.positional.empty() || !call.positional[0].is(ObjKind::Str))
    raise(ErrorId::debug_print_fmt, call.where, call.positional.empty() ? "nothing" : python::type_name(call.positional[0]));
  if (!ir::current_trace()) {  // outside a kernel it behaves like jax.debug.print
    std::string line = call.positional[0].as<python::StrObj>().s;
    for (size_t i = 1; i < call.positional.size(); ++i) line += " " + ip.str(call.positional[i]);
    ip.write_stdout(line + "\n");
    return Value::none();
  }
  ir::set_current_source(call.where);
  ir::Params p;
  p.text = call.positional[0].as<python::StrObj>().s;
  std::vector<Operand> inputs;
  for (size_t i = 1; i < call.positional.size(); ++i) inputs.push_back(operand_of(ip, call.positional[i], call.where));
  ir::record(ir::Prim::DebugPrint, inputs, p, {});
  return Value::none();
}

Value debug_check(python::Interpreter& ip, python::CallArgs& call) {
  Args a(call, "debug_check", {"condition", "message"}, 2);
  if (!ir::current_trace()) return Value::none();
  ir::set_current_source(call.where);
  ir::Params p;
  p.text = a.str_at(1, "");
  ir::record(ir::Prim::DebugCheck, {operand_of(ip, a[0], call.where)}, p, {});
  return Value::none();
}

// run_scoped's types are pytrees, as JAX flattens them: tuples, lists,
// dicts, None (an empty subtree) and registered classes such as BufferedRef
// (emit_pipeline's allocations); each leaf is allocated in order and f gets
// refs in the same structure.
struct ScopedTypes {
  std::vector<TreeDef> trees;  // positional types, then keyword types
  std::vector<std::string> keywords;
  std::vector<ir::AVal> allocs;
};

ScopedTypes flatten_scoped_types(python::Interpreter& ip, python::CallArgs& call) {
  ScopedTypes out;
  auto add = [&](const Value& types) {
    Values leaves;
    out.trees.push_back(flatten(types, leaves, nullptr, &ip));
    for (const Value& leaf : leaves) out.allocs.push_back(memory_ref_aval(ip, leaf, call.where));
  };
  for (size_t i = 1; i < call.positional.size(); ++i) add(call.positional[i]);
  for (const auto& [k, v] : call.keywords) {
    if (k == "collective_axes") continue;
    out.keywords.push_back(k);
    add(v);
  }
  return out;
}

// pl.run_scoped(f, *types, **kw_types): allocate scratch refs for f's body.
Value run_scoped(python::Interpreter& ip, python::CallArgs& call) {
  if (call.positional.empty()) raise(ErrorId::missing_positional, call.where, "run_scoped", 1, "", "'f'");
  Value fn = call.positional[0];
  ScopedTypes types = flatten_scoped_types(ip, call);
  size_t num_positional = types.trees.size() - types.keywords.size();
  if (!ir::current_trace()) raise(ErrorId::not_in_kernel, call.where, "pl.run_scoped");
  ir::set_current_source(call.where);
  Value result;
  python::Values result_leaves;
  TreeDef result_tree;
  ir::SubTrace sub = ir::trace_sub("run_scoped", types.allocs, [&](const std::vector<Operand>& refs) {
    python::CallArgs args;
    args.where = call.where;
    size_t at = 0;
    for (size_t t = 0; t < types.trees.size(); ++t) {
      python::Values group;
      for (size_t n = types.trees[t].num_leaves(); n > 0; --n) group.push_back(jax::make_ref(refs[at++]));
      Value tree = unflatten(types.trees[t], group);
      if (t < num_positional)
        args.positional.push_back(tree);
      else
        args.keywords.emplace_back(types.keywords[t - num_positional], tree);
    }
    result = ip.call(fn, std::move(args));
    result_tree = flatten(result, result_leaves);
    std::vector<Operand> outs;
    for (const Value& v : result_leaves) outs.push_back(operand_of(ip, v, call.where));
    return outs;
  });
  ir::Params p;
  p.jaxprs = {sub.jaxpr};
  p.allocs = types.allocs;
  p.counts = {sub.num_captured};
  std::vector<ir::AVal> out_avals;
  for (const ir::Atom& o : sub.jaxpr->outvars)
    out_avals.push_back(o.is_literal() ? ir::AVal::array(o.literal.dtype(), {}, o.literal.weak_type())
                                       : sub.jaxpr->vars[static_cast<size_t>(o.var)]);
  std::vector<Operand> outs = ir::record(ir::Prim::RunScoped, sub.captured, p, out_avals);
  python::Values values;
  for (const Operand& o : outs) values.push_back(jax::make_array(o));
  return unflatten(result_tree, values);
}

}  // namespace rungs::pallas
