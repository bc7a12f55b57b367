// jax.vmap: JAX's calling convention and messages around the batching in
// core/ir/batching.cpp.
//
// The wrapped function runs once. Its mapped arguments are batched values
// (one example's shape, as JAX's BatchTracers show), every primitive on
// them goes through a batching rule, and pallas_call's rule turns the batch
// into a leading grid dimension. in_axes/out_axes are pytree prefixes of
// the arguments/results; keyword arguments are mapped along axis 0.
#include <map>
#include <optional>

#include "core/ir/batching.h"
#include "core/jax/module_lax_tree.h"
#include "core/jax/modules.h"
#include "core/python/args.h"
#include "core/python/modules.h"
#include "core/python/operators.h"
#include "core/python/value_ops.h"

namespace rungs::jax {

namespace {

using Axis = std::optional<int64_t>;  // nullopt: not mapped (None)

bool is_axis_leaf(const Value& v) { return v.is_none() || (v.is_int() && !v.is_bool()); }

// in_axes/out_axes leaves must be ints or None (JAX checks the leaves first).
bool axis_leaves_valid(Interpreter& ip, const Value& spec) {
  if (is_axis_leaf(spec)) return true;
  if (spec.is(ObjKind::Tuple) || spec.is(ObjKind::List)) {
    for (const Value& v : ip.iterate(spec))
      if (!axis_leaves_valid(ip, v)) return false;
    return true;
  }
  if (spec.is(ObjKind::Dict)) {
    for (const auto& [k, v] : spec.as<DictObj>().entries)
      if (!axis_leaves_valid(ip, v)) return false;
    return true;
  }
  return false;
}

[[noreturn]] void not_prefix(const char* name, SourceRange where) {
  std::string hint = std::string(" Note that ") + name +
                     " that are non-trivial pytrees should always be wrapped in a tuple representing the argument list.";
  raise(ErrorId::vmap_not_prefix, where, name, hint);
}

// Broadcast the prefix `spec` over the value tree `t`, one axis per leaf.
void broadcast_axes(Interpreter& ip, const Value& spec, const Tree& t, const char* name, SourceRange where,
                    std::vector<Axis>& out) {
  if (is_axis_leaf(spec)) {
    Axis a = spec.is_none() ? Axis{} : Axis{spec.as_int()};
    for (size_t i = 0; i < leaf_count(t); ++i) out.push_back(a);
    return;
  }
  if (t.kind == Tree::Kind::None) return;
  bool seq = spec.is(ObjKind::Tuple) || spec.is(ObjKind::List);
  if ((t.kind == Tree::Kind::Tuple || t.kind == Tree::Kind::List) && seq) {
    Values items = ip.iterate(spec);
    if (items.size() != t.kids.size()) not_prefix(name, where);
    for (size_t i = 0; i < items.size(); ++i) broadcast_axes(ip, items[i], t.kids[i], name, where, out);
    return;
  }
  if (t.kind == Tree::Kind::Dict && spec.is(ObjKind::Dict)) {
    const DictObj& d = spec.as<DictObj>();
    if (d.entries.size() != t.keys.size()) not_prefix(name, where);
    for (size_t i = 0; i < t.keys.size(); ++i) {
      const Value* sub = d.find(t.keys[i]);
      if (!sub) not_prefix(name, where);
      broadcast_axes(ip, *sub, t.kids[i], name, where, out);
    }
    return;
  }
  not_prefix(name, where);
}

// "argument x of type float32[3]", "args[2] of type ...", "kwargs['y'] of type ...".
std::string leaf_description(Interpreter& ip, const Value& fn, const std::string& path, bool keyword, const Value& leaf,
                             SourceRange where) {
  std::string type = "unknown";
  if (leaf.is(ObjKind::Array) || leaf.is_number()) type = ir::aval_long_str(to_operand(ip, leaf, where).aval);
  if (keyword) return "kwargs" + path + " of type " + type;
  size_t close = path.find(']');
  int64_t i = std::stoll(path.substr(1, close - 1));
  if (fn.is(ObjKind::Function)) {
    const auto& params = fn.as<FunctionObj>().params();
    if (static_cast<size_t>(i) < params.size())
      return "argument " + params[static_cast<size_t>(i)].name + path.substr(close + 1) + " of type " + type;
  }
  return "args" + path + " of type " + type;
}

struct MappedLeaf {
  int64_t size;
  int64_t axis;  // as given (for messages)
  std::string description;
};

// JAX's _mapped_axis_size: one size, or its message listing who disagrees.
int64_t mapped_axis_size(const std::vector<MappedLeaf>& mapped, std::optional<int64_t> axis_size, SourceRange where) {
  std::vector<std::pair<int64_t, int>> counts;  // size -> count, in first-seen order
  for (const MappedLeaf& m : mapped) {
    auto it = std::find_if(counts.begin(), counts.end(), [&](const auto& c) { return c.first == m.size; });
    if (it == counts.end()) counts.emplace_back(m.size, 1);
    else ++it->second;
  }
  bool axis_size_differs = axis_size && (counts.empty() || counts.size() > 1 || counts[0].first != *axis_size);
  if (counts.size() == 1 && !axis_size_differs) return counts[0].first;
  if (counts.empty()) {
    if (axis_size) return *axis_size;
    raise(ErrorId::vmap_nothing_mapped, where);
  }
  std::stable_sort(counts.begin(), counts.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  std::string msg;
  if (axis_size) msg += "  * the `axis_size` argument was " + std::to_string(*axis_size) + ";\n";
  for (size_t k = 0; k < counts.size(); ++k) {
    const MappedLeaf& ex = *std::find_if(mapped.begin(), mapped.end(), [&](const MappedLeaf& m) { return m.size == counts[k].first; });
    std::string sz = std::to_string(counts[k].first), ax = std::to_string(ex.axis);
    if (counts[k].second == 1) msg += "  * one axis had size " + sz + ": axis " + ax + " of " + ex.description + ";\n";
    else
      msg += std::string(k == 0 ? "  * most axes (" : "  * some axes (") + std::to_string(counts[k].second) +
             " of them) had size " + sz + ", e.g. axis " + ax + " of " + ex.description + ";\n";
  }
  raise(ErrorId::vmap_inconsistent_sizes, where, msg.substr(0, msg.size() - 2));
}

struct VmapOptions {
  Value in_axes, out_axes;
  std::string axis_name;
  std::optional<int64_t> axis_size;
};

// An out_axes entry for a result of `rank` dims (batch axis included).
int64_t canonical_out_axis(int64_t axis, int64_t rank, SourceRange where) {
  int64_t at = axis < 0 ? axis + rank : axis;
  if (at < 0 || at >= rank) raise(ErrorId::vmap_axis_out_of_bounds, where, axis, rank);
  return at;
}

// One leaf of the call's results, placed at its out_axes entry.
Value place_output(Interpreter& ip, const Value& leaf, Axis dst, const ir::BatchFramePtr& frame,
                   const VmapOptions& o, const std::string& path, SourceRange where) {
  bool batched = leaf.is(ObjKind::Array) && ir::batched_at(leaf.as<ArrayObj>().op, frame);
  if (batched) {
    const ir::Batched& b = *leaf.as<ArrayObj>().op.batch;
    if (!dst) {
      if (!o.axis_name.empty()) raise(ErrorId::vmap_out_axes_named, where, o.axis_name, "None");
      raise(ErrorId::vmap_out_axes_mismatch, where, path, "None", b.dim);
    }
    int64_t to = canonical_out_axis(*dst, static_cast<int64_t>(b.full.aval.shape.size()), where);
    return make_array(ir::move_axis(b.full, b.dim, static_cast<int>(to)));
  }
  if (!dst) return leaf;
  Operand x = to_operand(ip, leaf, where);
  int64_t rank = static_cast<int64_t>(x.aval.shape.size()) + 1;
  int64_t to = canonical_out_axis(*dst, rank, where);
  ir::Params p;
  p.shape = x.aval.shape;
  p.shape.insert(p.shape.begin() + to, frame->size);
  for (int64_t i = 0; i < rank; ++i)
    if (i != to) p.axes.push_back(i);
  return make_array(ir::bind(ir::Prim::BroadcastInDim, {x}, p)[0]);
}

Value call_vmapped(Interpreter& ip, const Value& fn, const VmapOptions& o, CallArgs call) {
  SourceRange where = call.where;
  Value in_axes = o.in_axes;
  if (in_axes.is(ObjKind::Tuple) && in_axes.as<TupleObj>().items.size() != call.positional.size())
    raise(ErrorId::vmap_in_axes_length, where, in_axes.as<TupleObj>().items.size(), call.positional.size());
  Flat args = flatten(ip, make_tuple(call.positional), where);
  std::vector<Axis> axes;
  broadcast_axes(ip, in_axes.is(ObjKind::Tuple) ? in_axes : make_tuple(Values(call.positional.size(), in_axes)),
                 args.tree, "vmap in_axes", where, axes);
  // Keyword arguments as JAX flattens them: one dict, whose paths read ['name'].
  auto kw_dict = std::make_shared<DictObj>();
  for (const auto& [key, value] : call.keywords) kw_dict->set(make_str(key), value);
  Flat kwargs = flatten(ip, Value::object(kw_dict), where);
  size_t num_args = args.leaves.size();
  Values leaves = args.leaves;
  leaves.insert(leaves.end(), kwargs.leaves.begin(), kwargs.leaves.end());
  axes.resize(leaves.size(), Axis{0});
  if (leaves.empty() && !o.axis_size)
    raise(ErrorId::vmap_no_arguments, where, ip.repr(make_tuple(call.positional)), "{}");

  std::vector<MappedLeaf> mapped;
  std::vector<int64_t> canonical(leaves.size(), 0);
  for (size_t i = 0; i < leaves.size(); ++i) {
    if (!axes[i]) continue;
    const Value& leaf = leaves[i];
    if (!leaf.is(ObjKind::Array) && !leaf.is_number())
      raise(ErrorId::not_a_jax_type, where, ip.repr(leaf), type_name(leaf));
    array::Shape shape = to_operand(ip, leaf, where).aval.shape;
    int64_t rank = static_cast<int64_t>(shape.size()), axis = *axes[i];
    int64_t at = axis < 0 ? axis + rank : axis;
    if (at < 0 || at >= rank) raise(ErrorId::vmap_axis_rank, where, axis, axis >= 0 ? axis + 1 : -axis, rank, array::shape_str(shape));
    canonical[i] = at;
    std::string path = i < num_args ? args.paths[i] : kwargs.paths[i - num_args];
    mapped.push_back({shape[static_cast<size_t>(at)], axis, leaf_description(ip, fn, path, i >= num_args, leaf, where)});
  }
  int64_t size = mapped_axis_size(mapped, o.axis_size, where);

  ir::BatchScope scope(size, o.axis_name);
  for (size_t i = 0; i < leaves.size(); ++i)
    if (axes[i]) leaves[i] = make_array(ir::make_batched(to_operand(ip, leaves[i], where), static_cast<int>(canonical[i]), scope.frame()));
  Values new_args(leaves.begin(), leaves.begin() + static_cast<std::ptrdiff_t>(num_args));
  Values new_kw(leaves.begin() + static_cast<std::ptrdiff_t>(num_args), leaves.end());
  call.positional = unflatten_values(args.tree, new_args).as<TupleObj>().items;
  Value kw_batched = unflatten_values(kwargs.tree, new_kw);
  for (auto& [key, value] : call.keywords) value = *kw_batched.as<DictObj>().find(make_str(key));
  Value result = ip.call(fn, std::move(call));

  Flat out = flatten(ip, result, where);
  std::vector<Axis> out_axes;
  broadcast_axes(ip, o.out_axes, out.tree, "vmap out_axes", where, out_axes);
  Values placed;
  for (size_t i = 0; i < out.leaves.size(); ++i)
    placed.push_back(place_output(ip, out.leaves[i], out_axes[i], scope.frame(), o, out.paths[i], where));
  return unflatten_values(out.tree, placed);
}

Value vmap(Interpreter& ip, CallArgs& call) {
  Args a(call, "vmap", {"fun", "in_axes", "out_axes", "axis_name", "axis_size", "spmd_axis_name"}, 1);
  VmapOptions o;
  Value fn = a[0];
  o.in_axes = a.has(1) ? a[1] : Value::integer(0);
  o.out_axes = a.has(2) ? a[2] : Value::integer(0);
  if (o.in_axes.is(ObjKind::List)) o.in_axes = make_tuple(o.in_axes.as<ListObj>().items);
  if (!(is_axis_leaf(o.in_axes) || o.in_axes.is(ObjKind::Tuple)))
    raise(ErrorId::vmap_in_axes_type, a.where(), ip.str(o.in_axes));
  if (!axis_leaves_valid(ip, o.in_axes)) raise(ErrorId::vmap_in_axes_leaves, a.where(), ip.str(o.in_axes));
  if (!axis_leaves_valid(ip, o.out_axes)) raise(ErrorId::vmap_out_axes_leaves, a.where(), ip.str(o.out_axes));
  if (a.has(3) && !a[3].is_none()) o.axis_name = ip.str(a[3]);
  if (a.has(4) && !a[4].is_none()) o.axis_size = a[4].as_int();
  std::string name = "vmap(" + callable_name(fn) + ")";
  return Value::object(std::make_shared<BuiltinObj>(name, [fn, o](Interpreter& ip2, CallArgs& inner) {
    return call_vmapped(ip2, fn, o, std::move(inner));
  }));
}

}  // namespace

void add_jax_vmap(ModuleObj& m) { def(m, "vmap", vmap); }

}  // namespace rungs::jax
