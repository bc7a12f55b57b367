#include "core/pallas/pytree.h"

#include <optional>

#include "core/jax/module_lax_tree.h"
#include "core/python/interpreter.h"
#include "core/python/nesting.h"
#include "core/python/value_ops.h"

namespace rungs::pallas {

using python::ObjKind;

namespace {
thread_local python::Interpreter* custom_nodes_ip = nullptr;

// A registered jax.tree_util node: flattened by jax.tree_util itself.
bool flatten_custom(const Value& tree, TreeDef& def, Values& leaves) {
  if (!custom_nodes_ip || !tree.is(ObjKind::Instance)) return false;
  jax::Flat f = jax::flatten(*custom_nodes_ip, tree, {});
  if (f.tree.kind != jax::Tree::Kind::Custom) return false;
  def.kind = TreeDef::Kind::Custom;
  def.custom = std::make_shared<const jax::Tree>(f.tree);
  def.custom_leaves = f.leaves.size();
  def.custom_paths = f.paths;
  leaves.insert(leaves.end(), f.leaves.begin(), f.leaves.end());
  return true;
}
}  // namespace

CustomNodesScope::CustomNodesScope(python::Interpreter& ip) : previous_(custom_nodes_ip) { custom_nodes_ip = &ip; }
CustomNodesScope::~CustomNodesScope() { custom_nodes_ip = previous_; }

size_t TreeDef::num_leaves() const {
  if (kind == Kind::Leaf) return 1;
  if (kind == Kind::Custom) return custom_leaves;
  size_t n = 0;
  for (const TreeDef& c : children) n += c.num_leaves();
  return n;
}

TreeDef flatten(const Value& tree, Values& leaves, bool (*is_leaf)(const Value&)) {
  TreeDef def;
  if (is_leaf && is_leaf(tree)) {
    leaves.push_back(tree);
    return def;
  }
  if (tree.is_none()) {
    def.kind = TreeDef::Kind::None;
    return def;
  }
  std::optional<python::NestingGuard> guard;  // containers only: a list inside itself is no pytree
  if (tree.is(ObjKind::Tuple) || tree.is(ObjKind::List) || tree.is(ObjKind::Dict)) guard.emplace(ErrorId::max_recursion);
  if (tree.is(ObjKind::Tuple) || tree.is(ObjKind::List)) {
    def.kind = tree.is(ObjKind::Tuple) ? TreeDef::Kind::Tuple : TreeDef::Kind::List;
    const Values& items = tree.is(ObjKind::Tuple) ? tree.as<python::TupleObj>().items : tree.as<python::ListObj>().items;
    for (const Value& v : items) def.children.push_back(flatten(v, leaves, is_leaf));
    return def;
  }
  if (tree.is(ObjKind::Dict)) {
    def.kind = TreeDef::Kind::Dict;
    for (const auto& [k, v] : tree.as<python::DictObj>().entries) {
      def.keys.push_back(k);
      def.children.push_back(flatten(v, leaves, is_leaf));
    }
    return def;
  }
  if (flatten_custom(tree, def, leaves)) return def;
  leaves.push_back(tree);
  return def;
}

namespace {
Value build(const TreeDef& def, const Values& leaves, size_t& next) {
  switch (def.kind) {
    case TreeDef::Kind::Leaf: return leaves[next++];
    case TreeDef::Kind::None: return Value::none();
    case TreeDef::Kind::Tuple:
    case TreeDef::Kind::List: {
      Values items;
      for (const TreeDef& c : def.children) items.push_back(build(c, leaves, next));
      return def.kind == TreeDef::Kind::Tuple ? python::make_tuple(items) : python::make_list(items);
    }
    case TreeDef::Kind::Dict: {
      auto d = std::make_shared<python::DictObj>();
      for (size_t i = 0; i < def.children.size(); ++i) d->set(def.keys[i], build(def.children[i], leaves, next));
      return Value::object(d);
    }
    case TreeDef::Kind::Custom: {
      Values mine(leaves.begin() + static_cast<std::ptrdiff_t>(next),
                  leaves.begin() + static_cast<std::ptrdiff_t>(next + def.custom_leaves));
      next += def.custom_leaves;
      return jax::unflatten_values(*def.custom, mine);
    }
  }
  return Value::none();
}

std::string key_text(const Value& k) {
  if (k.is(ObjKind::Str)) return "['" + k.as<python::StrObj>().s + "']";
  return "[" + std::to_string(k.as_int()) + "]";
}

void paths(const TreeDef& def, const std::string& prefix, std::vector<std::string>& out) {
  switch (def.kind) {
    case TreeDef::Kind::Leaf: out.push_back(prefix); return;
    case TreeDef::Kind::None: return;
    case TreeDef::Kind::Tuple:
    case TreeDef::Kind::List:
      for (size_t i = 0; i < def.children.size(); ++i) paths(def.children[i], prefix + "[" + std::to_string(i) + "]", out);
      return;
    case TreeDef::Kind::Dict:
      for (size_t i = 0; i < def.children.size(); ++i) paths(def.children[i], prefix + key_text(def.keys[i]), out);
      return;
    case TreeDef::Kind::Custom:
      for (const std::string& p : def.custom_paths) out.push_back(prefix + p);
      return;
  }
}

std::string describe(const TreeDef& d, python::Interpreter& interp) {
  switch (d.kind) {
    case TreeDef::Kind::Leaf: return "pytree leaf";
    case TreeDef::Kind::None: return "None";
    case TreeDef::Kind::Tuple: return "tuple of length " + std::to_string(d.children.size());
    case TreeDef::Kind::List: return "list of length " + std::to_string(d.children.size());
    case TreeDef::Kind::Dict: {
      std::string keys = "[";
      for (size_t i = 0; i < d.keys.size(); ++i) keys += (i ? ", " : "") + interp.repr(d.keys[i]);
      return "dict with keys " + keys + "]";
    }
    case TreeDef::Kind::Custom: return "custom node " + d.custom->custom_name;
  }
  return "?";
}

void mismatches(const TreeDef& a, const TreeDef& b, const std::string& path, const std::string& an,
                const std::string& bn, python::Interpreter& interp, std::vector<std::string>& out) {
  if (a.kind == TreeDef::Kind::Leaf && b.kind == TreeDef::Kind::Leaf) return;
  std::string head = "    * at " + path + ", `" + an + "` is a " + describe(a, interp) + " but `" + bn + "` is a " +
                     describe(b, interp) + ", so ";
  if (a.kind != b.kind) {
    out.push_back(head + "their Python types differ");
    return;
  }
  if (a.kind == TreeDef::Kind::Custom) {
    if (!jax::same_tree(*a.custom, *b.custom)) out.push_back(head + "their structures differ");
    return;
  }
  if (a.children.size() != b.children.size()) {
    out.push_back(head + "the lengths do not match");
    return;
  }
  if (a.kind == TreeDef::Kind::Dict) {
    for (size_t i = 0; i < a.keys.size(); ++i)
      if (python::hash_key(a.keys[i]) != python::hash_key(b.keys[i])) {
        out.push_back(head + "the dict keys do not match");
        return;
      }
  }
  for (size_t i = 0; i < a.children.size(); ++i) {
    std::string p = path + (a.kind == TreeDef::Kind::Dict ? key_text(a.keys[i]) : "[" + std::to_string(i) + "]");
    mismatches(a.children[i], b.children[i], p, an, bn, interp, out);
  }
}
}  // namespace

Value unflatten(const TreeDef& def, const Values& leaves) {
  size_t next = 0;
  return build(def, leaves, next);
}

std::vector<std::string> leaf_paths(const TreeDef& def) {
  std::vector<std::string> out;
  paths(def, "", out);
  return out;
}

std::vector<std::string> structure_mismatches(const TreeDef& a, const TreeDef& b, const std::string& a_name,
                                              const std::string& b_name, python::Interpreter& interp) {
  std::vector<std::string> out;
  mismatches(a, b, "", a_name, b_name, interp, out);
  return out;
}

}  // namespace rungs::pallas
