// jax.tree_util and jax.tree: tree_map, leaves, flatten/unflatten,
// structure and PyTreeDef, over the pytrees JAX knows here (tuples, lists,
// dicts with sorted keys, None as an empty subtree, named tuples) — the same
// flattening lax control flow uses (module_lax_tree.h).
#include <memory>

#include "core/jax/module_lax_tree.h"
#include "core/jax/modules.h"
#include "core/python/args.h"
#include "core/python/modules.h"
#include "core/python/value_ops.h"

namespace rungs::jax {

namespace {

const RecordType& treedef_type() {
  static const RecordType type = [] {
    RecordType t;
    t.name = "PyTreeDef";
    t.repr = [](const RecordObj& r, Interpreter& ip) { return ip.str(r.get("_text")); };
    t.equals = [](const RecordObj& a, const RecordObj& b) {
      return a.get("_text").as<StrObj>().s == b.get("_text").as<StrObj>().s;
    };
    t.methods["unflatten"] = [](Interpreter& ip, const Value& self, CallArgs& call) {
      Args a(call, "unflatten", {"leaves"}, 1);
      return ip.call(self.as<RecordObj>().get("_unflatten"), Values{a[0]}, call.where);
    };
    return t;
  }();
  return type;
}

}  // namespace

// A PyTreeDef record: its text, leaf count, and a builtin that rebuilds the
// tree from leaves (the Tree itself lives in that builtin's closure).
Value make_treedef(const Tree& tree) {
  auto shared = std::make_shared<Tree>(tree);
  auto r = std::make_shared<RecordObj>(&treedef_type());
  r->set("_text", make_str(treedef(tree)));
  r->set("num_leaves", Value::integer(static_cast<int64_t>(leaf_count(tree))));
  r->set("_unflatten", make_builtin("unflatten", [shared](Interpreter& ip, CallArgs& c) {
    Values leaves = ip.iterate(c.positional.at(0));
    size_t want = leaf_count(*shared);
    if (leaves.size() != want)
      raise(ErrorId::tree_unflatten_count, c.where, leaves.size() < want ? "few" : "many", want, leaves.size());
    return unflatten_values(*shared, leaves);
  }));
  return Value::object(r);
}

namespace {

void refuse_is_leaf(const Args& a, size_t index) {
  if (a.has(index) && !a[index].is_none()) raise(ErrorId::unsupported_feature, a.where(), "is_leaf=");
}

Value tree_map(Interpreter& ip, CallArgs& call) {
  Args a(call, "tree_map", {"f", "tree", "*", "is_leaf"}, 2, /*rest=*/true);
  refuse_is_leaf(a, 2);
  Flat first = flatten(ip, a[1], call.where);
  std::vector<Flat> rest;
  for (const Value& other : a.rest()) {
    rest.push_back(flatten(ip, other, call.where));
    if (!same_tree(rest.back().tree, first.tree))
      raise(ErrorId::tree_map_mismatch, call.where, treedef(rest.back().tree), treedef(first.tree));
  }
  Values out;
  for (size_t i = 0; i < first.leaves.size(); ++i) {
    Values args{first.leaves[i]};
    for (const Flat& r : rest) args.push_back(r.leaves[i]);
    out.push_back(ip.call(a[0], std::move(args), call.where));
  }
  return unflatten_values(first.tree, out);
}

void define(ModuleObj& m, bool short_names) {
  auto name = [short_names](const char* full, const char* brief) { return short_names ? brief : full; };
  def(m, name("tree_map", "map"), tree_map);
  def_signature(m, name("tree_leaves", "leaves"), {"tree", "is_leaf"}, 1, [](Interpreter& ip, const Args& a) {
    refuse_is_leaf(a, 1);
    return make_list(flatten(ip, a[0], a.where()).leaves);
  });
  def_signature(m, name("tree_flatten", "flatten"), {"tree", "is_leaf"}, 1, [](Interpreter& ip, const Args& a) {
    refuse_is_leaf(a, 1);
    Flat f = flatten(ip, a[0], a.where());
    return make_tuple({make_list(f.leaves), make_treedef(f.tree)});
  });
  def_signature(m, name("tree_structure", "structure"), {"tree", "is_leaf"}, 1, [](Interpreter& ip, const Args& a) {
    refuse_is_leaf(a, 1);
    return make_treedef(flatten(ip, a[0], a.where()).tree);
  });
  def_signature(m, name("tree_unflatten", "unflatten"), {"treedef", "leaves"}, 2, [](Interpreter& ip, const Args& a) {
    if (!a[0].is(ObjKind::Record) || a[0].as<RecordObj>().type != &treedef_type())
      raise(ErrorId::builtin_arg_type, a.where(), a.fn_name(), 1, "PyTreeDef", type_name(a[0]));
    return ip.call(a[0].as<RecordObj>().get("_unflatten"), Values{a[1]}, a.where());
  });
}

}  // namespace

void register_module_tree_util() {
  Interpreter::register_module("jax.tree_util", [](Interpreter&) {
    auto m = new_module("jax.tree_util");
    define(*m, false);
    return Value::object(m);
  });
  Interpreter::register_module("jax.tree", [](Interpreter&) {
    auto m = new_module("jax.tree");
    define(*m, true);
    return Value::object(m);
  });
}

}  // namespace rungs::jax
