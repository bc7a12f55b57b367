#include "core/pallas/kernel_trace.h"

#include "core/jax/array_value.h"
#include "core/jax/module_lax_tree.h"
#include "core/pallas/records.h"
#include "core/jax/jnp_core.h"
#include "core/jax/jnp_ops.h"
#include "core/jax/modules.h"
#include "core/python/modules.h"
#include "core/array/format.h"
#include "core/python/value_ops.h"
#include "core/ir/printer.h"

namespace rungs::pallas {

using python::ObjKind;

namespace {
thread_local const KernelContext* g_context = nullptr;

// A traced function's pytree result, described as JAX's treedef repr does.
std::string treedef_text(const Value& v, python::Interpreter& ip) {
  Values leaves;
  TreeDef def = flatten(v, leaves);
  std::function<std::string(const TreeDef&)> text = [&](const TreeDef& d) -> std::string {
    switch (d.kind) {
      case TreeDef::Kind::Leaf: return "*";
      case TreeDef::Kind::None: return "None";
      case TreeDef::Kind::Tuple:
      case TreeDef::Kind::List: {
        std::string s = d.kind == TreeDef::Kind::Tuple ? "(" : "[";
        for (size_t i = 0; i < d.children.size(); ++i) s += (i ? ", " : "") + text(d.children[i]);
        if (d.kind == TreeDef::Kind::Tuple && d.children.size() == 1) s += ",";
        return s + (d.kind == TreeDef::Kind::Tuple ? ")" : "]");
      }
      case TreeDef::Kind::Dict: {
        std::string s = "{";
        for (size_t i = 0; i < d.children.size(); ++i)
          s += (i ? ", " : "") + ip.repr(d.keys[i]) + ": " + text(d.children[i]);
        return s + "}";
      }
      case TreeDef::Kind::Custom: {
        std::string inner = jax::treedef(*d.custom);  // "PyTreeDef(CustomNode(...))"
        return inner.substr(10, inner.size() - 11);
      }
    }
    return "*";
  };
  return "PyTreeDef(" + text(def) + ")";
}

std::string shape_text(const Shape& s) { return array::shape_str(s); }
}  // namespace

const KernelContext* current_kernel_context() { return g_context; }

KernelContextScope::KernelContextScope(KernelContext ctx) : previous_(g_context), ctx_(std::move(ctx)) {
  g_context = &ctx_;
}
KernelContextScope::~KernelContextScope() { g_context = previous_; }

std::string function_name(const Value& fn) {
  Value f = python::unwrap_partial(fn);
  if (f.is(ObjKind::Function)) return f.as<python::FunctionObj>().name;
  if (f.is(ObjKind::Builtin)) return f.as<python::BuiltinObj>().name;
  return "<unknown>";
}

std::string function_source(const Value& fn, python::Interpreter& interp) {
  Value f = python::unwrap_partial(fn);
  if (f.is(ObjKind::Function)) {
    const auto& fo = f.as<python::FunctionObj>();
    std::string file = fo.module ? fo.module->filename : interp.filename();
    return fo.name + " at " + file + ":" + std::to_string(fo.range().line);
  }
  return function_name(fn) + " at <unknown>";
}

std::vector<std::string> function_param_names(const Value& fn) {
  std::vector<std::string> names;
  Value f = python::unwrap_partial(fn);
  if (f.is(ObjKind::Function))
    for (const auto& p : f.as<python::FunctionObj>().params()) names.push_back(p.name);
  return names;
}

static std::vector<ir::Operand> make_invars(const ir::TracePtr& trace, const std::vector<ir::AVal>& avals) {
  std::vector<ir::Operand> ops;
  for (const ir::AVal& a : avals) {
    int v = trace->jaxpr->new_var(a);
    trace->jaxpr->invars.push_back(v);
    ops.push_back(ir::Operand::of_var(trace, v));
  }
  return ops;
}

static Value as_value(const ir::Operand& op) {
  return op.aval.is_ref() ? jax::make_ref(op) : jax::make_array(op);
}

void zero_index_map(BlockMapping& m, const std::vector<GridDim>& grid, const std::vector<ir::AVal>& prefetch) {
  auto j = std::make_shared<ir::Jaxpr>();
  for (size_t i = 0; i < grid.size(); ++i) j->invars.push_back(j->new_var(ir::AVal::array(array::DType::Int32, {})));
  for (const ir::AVal& a : prefetch) j->invars.push_back(j->new_var(a));
  for (size_t d = 0; d < m.dims.size(); ++d)
    j->outvars.push_back(ir::Atom::of_literal(Array::scalar_int(array::DType::Int32, 0)));
  m.index_map = j;
  m.index_map_src = "<lambda> at <default>";
}

void trace_index_map(BlockMapping& m, const Value& fn, const std::vector<GridDim>& grid,
                     const std::vector<ir::AVal>& prefetch, const TreeDef& prefetch_tree,
                     python::Interpreter& interp, SourceRange where) {
  m.index_map_src = function_source(fn, interp);
  auto trace = std::make_shared<ir::TraceState>(nullptr, "index map");
  std::vector<ir::AVal> avals;
  for (size_t i = 0; i < grid.size(); ++i) avals.push_back(ir::AVal::array(array::DType::Int32, {}));
  avals.insert(avals.end(), prefetch.begin(), prefetch.end());
  Value result;
  {
    ir::TraceScope scope(trace);
    std::vector<ir::Operand> ops = make_invars(trace, avals);
    Values args;
    for (size_t i = 0; i < grid.size(); ++i) args.push_back(as_value(ops[i]));
    Values prefetch_values;
    for (size_t i = grid.size(); i < ops.size(); ++i) prefetch_values.push_back(as_value(ops[i]));
    if (!prefetch.empty()) {
      Value tree = unflatten(prefetch_tree, prefetch_values);
      for (const Value& v : tree.as<python::TupleObj>().items) args.push_back(v);
    }
    KernelContextScope ctx({grid, m.index_map_src});
    jax::set_tracing_function_name(m.index_map_src);
    result = interp.call(fn, args, where);
    Values items = result.is(ObjKind::Tuple)  ? result.as<python::TupleObj>().items
                   : result.is(ObjKind::List) ? result.as<python::ListObj>().items
                                              : Values{result};
    std::string block_text = "(";
    for (size_t d = 0; d < m.dims.size(); ++d) {
      if (d) block_text += ", ";
      block_text += m.dims[d].kind == BlockDimKind::Squeezed ? "None" : std::to_string(m.dims[d].size);
    }
    block_text += m.dims.size() == 1 ? ",)" : ")";
    if (items.size() != m.dims.size())
      raise(ErrorId::index_map_count, where, m.index_map_src, m.origin, m.dims.size(), block_text, items.size());
    for (size_t i = 0; i < items.size(); ++i) {
      ir::Operand op;
      if (python::is_int_like(items[i]) && !items[i].is_bool()) {
        op = jax::scalar_int(array::DType::Int32, items[i].as_int());
      } else if (items[i].is(ObjKind::Array)) {
        op = items[i].as<jax::ArrayObj>().op;
      } else {
        std::string t = items[i].is_float() ? "float32[]" : python::type_name(items[i]);
        raise(ErrorId::index_map_not_integer, where, m.index_map_src, m.origin, i, t);
      }
      bool int_scalar = op.aval.shape.empty() &&
                        (op.aval.dtype == array::DType::Int32 || array::is_integer(op.aval.dtype));
      if (!int_scalar)
        raise(ErrorId::index_map_not_integer, where, m.index_map_src, m.origin, i, ir::aval_long_str(op.aval));
      if (op.aval.dtype != array::DType::Int32) op = jax::convert(op, array::DType::Int32, false);
      trace->jaxpr->outvars.push_back(ir::lift(trace, op));
    }
  }
  trace->finished = true;
  if (!trace->jaxpr->constvars.empty()) {
    std::string consts = "[";
    for (size_t i = 0; i < trace->jaxpr->consts.size(); ++i)
      consts += (i ? ", " : "") + array::array_repr(trace->jaxpr->consts[i]);
    raise(ErrorId::index_map_constants, where, m.index_map_src, m.origin, consts + "]");
  }
  m.index_map = trace->jaxpr;
}

Value kernel_scoped_ref(python::Interpreter& ip, python::CallArgs& call) {
  ir::AVal aval = memory_ref_aval(ip, call.positional.at(0), call.where);
  ir::TracePtr kernel;
  for (ir::TracePtr t = ir::current_trace(); t; t = t->parent)
    if (t->purpose == "kernel") kernel = t;
  if (!kernel) raise(ErrorId::not_in_kernel, call.where, "jax.empty_ref");
  // A new invariable of the kernel's own jaxpr, after its scratch: the
  // pallas_call allocates it like a scratch_shapes entry.
  int v = kernel->jaxpr->new_var(aval);
  kernel->jaxpr->invars.push_back(v);
  return jax::make_ref(ir::Operand::of_var(kernel, v));
}

ir::JaxprPtr trace_kernel(const Value& kernel, const KernelSignature& sig, const PallasCall& call,
                          python::Interpreter& interp) {
  auto trace = std::make_shared<ir::TraceState>(nullptr, "kernel");
  Value result;
  {
    ir::TraceScope scope(trace);
    std::vector<ir::Operand> ops = make_invars(trace, sig.refs);
    Values refs;
    for (const ir::Operand& op : ops) refs.push_back(jax::make_ref(op));
    python::CallArgs args;
    args.where = call.where;
    size_t pos = 0;
    auto take = [&](size_t n) {
      Values group(refs.begin() + static_cast<std::ptrdiff_t>(pos), refs.begin() + static_cast<std::ptrdiff_t>(pos + n));
      pos += n;
      return group;
    };
    auto spread = [&](const TreeDef& def, Values group) {
      Value tree = unflatten(def, group);
      if (tree.is(ObjKind::Tuple))
        for (const Value& v : tree.as<python::TupleObj>().items) args.positional.push_back(v);
      else
        args.positional.push_back(tree);
    };
    spread(sig.prefetch_tree, take(sig.num_prefetch));
    spread(sig.input_tree, take(sig.num_inputs));
    spread(sig.output_tree, take(sig.num_outputs));
    Values scratch = take(refs.size() - pos);
    size_t next = 0;
    for (size_t e = 0; e < sig.scratch_trees.size(); ++e) {
      const TreeDef& def = sig.scratch_trees[e];
      Values group(scratch.begin() + static_cast<std::ptrdiff_t>(next),
                   scratch.begin() + static_cast<std::ptrdiff_t>(next + def.num_leaves()));
      next += def.num_leaves();
      if (sig.scratch_keys.empty())
        args.positional.push_back(unflatten(def, group));
      else
        args.keywords.emplace_back(sig.scratch_keys[e], unflatten(def, group));
    }
    // Refs the body allocated itself (jax.empty_ref) follow the declared ones.
    args.positional.insert(args.positional.end(), scratch.begin() + static_cast<std::ptrdiff_t>(next), scratch.end());
    KernelContextScope ctx({call.grid, call.fn_src});
    jax::set_tracing_function_name(call.fn_src);
    result = interp.call(kernel, std::move(args));
  }
  trace->finished = true;
  if (!result.is_none()) raise(ErrorId::kernel_returns_value, call.where, call.fn_src, treedef_text(result, interp));
  if (!trace->jaxpr->constvars.empty()) {
    std::string avals;
    for (size_t i = 0; i < trace->jaxpr->constvars.size(); ++i)
      avals += (i ? ", " : "") + ir::aval_long_str(trace->jaxpr->vars[static_cast<size_t>(trace->jaxpr->constvars[i])]);
    raise(ErrorId::kernel_captures_constants, call.where, call.fn_src, avals);
  }
  (void)shape_text;
  return trace->jaxpr;
}

}  // namespace rungs::pallas
