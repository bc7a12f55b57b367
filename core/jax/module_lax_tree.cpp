// Pytrees and the carry/branch type checks behind lax control flow
// (module_lax_control.cpp): flatten/unflatten of tuples, lists, dicts and
// None as JAX's tree_util does (dict keys sorted), treedef text, and the
// messages of loops.py's _check_carry_type and common.py's
// _check_tree_and_avals.
#include <algorithm>
#include <optional>

#include "core/jax/module_lax_tree.h"
#include "core/python/classes.h"
#include "core/python/nesting.h"
#include "core/python/operators.h"
#include "core/python/value_ops.h"

namespace rungs::jax {

namespace {

struct CustomNode {
  Value flatten, unflatten;
  std::vector<std::string> child_names;
};
// The registered nodes live in a Python list of (cls, flatten, unflatten,
// names) tuples owned by jax.tree_util, so the heap's collector sees (and
// frees) the functions; the interpreter keeps only a weak pointer to it.
struct TreeRegistry : python::StageState {
  std::weak_ptr<python::Object> nodes;
};

std::optional<CustomNode> custom_node_of(Interpreter& ip, const Value& v) {
  std::shared_ptr<ClassObj> cls = user_class_of(v);
  if (!cls) return std::nullopt;
  std::shared_ptr<python::Object> list = ip.state<TreeRegistry>().nodes.lock();
  if (!list) return std::nullopt;
  for (const Value& entry : static_cast<ListObj&>(*list).items) {
    const Values& e = entry.as<TupleObj>().items;
    if (e[0].obj() != cls.get()) continue;
    CustomNode node{e[1], e[2], {}};
    for (const Value& n : e[3].as<TupleObj>().items) node.child_names.push_back(n.as<StrObj>().s);
    return node;
  }
  return std::nullopt;
}

Tree flatten_into(Interpreter& ip, const Value& v, Flat& f, const std::string& path, SourceRange where);

Tree flatten_custom(Interpreter& ip, const Value& v, const CustomNode& node, Flat& f, const std::string& path,
                    SourceRange where) {
  NestingGuard guard(ErrorId::max_recursion);
  ip.tick();
  Value pair = ip.call(node.flatten, Values{v}, where);
  Values parts = ip.iterate(pair);
  if (parts.size() != 2) raise(ErrorId::builtin_arg_type, where, "tree_flatten", 1, "(children, aux_data)", type_name(pair));
  Tree t;
  t.kind = Tree::Kind::Custom;
  t.custom_name = user_class_of(v)->name;
  t.custom_aux = parts[1];
  t.custom_unflatten = node.unflatten;
  t.owner = &ip;
  t.key_reprs.push_back(ip.repr(parts[1]));
  Values children = ip.iterate(parts[0]);
  for (size_t i = 0; i < children.size(); ++i) {
    std::string key = i < node.child_names.size() ? "." + node.child_names[i] : "[" + std::to_string(i) + "]";
    t.kids.push_back(flatten_into(ip, children[i], f, path + key, where));
  }
  return t;
}

Tree flatten_into(Interpreter& ip, const Value& v, Flat& f, const std::string& path, SourceRange where) {
  Tree t;
  if (v.is_none()) {
    t.kind = Tree::Kind::None;
    return t;
  }
  std::optional<NestingGuard> guard;  // containers only: a list inside itself is no pytree
  if (v.is(ObjKind::Tuple) || v.is(ObjKind::List) || v.is(ObjKind::Dict)) {
    guard.emplace(ErrorId::max_recursion);
    ip.tick();
  }
  if (v.is(ObjKind::Tuple) || v.is(ObjKind::List)) {
    t.kind = v.is(ObjKind::Tuple) ? Tree::Kind::Tuple : Tree::Kind::List;
    const Values& items = v.is(ObjKind::Tuple) ? v.as<TupleObj>().items : v.as<ListObj>().items;
    t.tuple_class = tuple_class_of(v);  // NamedTuple: keys are its fields (".q")
    for (size_t i = 0; i < items.size(); ++i) {
      std::string key = t.tuple_class ? "." + t.tuple_class->tuple_fields.at(i) : "[" + std::to_string(i) + "]";
      t.kids.push_back(flatten_into(ip, items[i], f, path + key, where));
    }
    return t;
  }
  if (v.is(ObjKind::Dict)) {
    t.kind = Tree::Kind::Dict;
    auto entries = v.as<DictObj>().entries;
    std::stable_sort(entries.begin(), entries.end(),
                     [&](const auto& a, const auto& b) { return py_less(ip, a.first, b.first, where); });
    for (const auto& [k, item] : entries) {
      t.keys.push_back(k);
      t.key_reprs.push_back(ip.repr(k));
      t.kids.push_back(flatten_into(ip, item, f, path + "[" + ip.repr(k) + "]", where));
    }
    return t;
  }
  if (std::optional<CustomNode> node = custom_node_of(ip, v)) return flatten_custom(ip, v, *node, f, path, where);
  t.leaf_type = "<class '" + type_name(v) + "'>";
  f.leaves.push_back(v);
  f.paths.push_back(path);
  return t;
}

}  // namespace

void register_pytree_node(Interpreter& ip, const Value& registry, const Value& cls, const Value& flatten,
                          const Value& unflatten, const std::vector<std::string>& child_names) {
  ip.state<TreeRegistry>().nodes = registry.obj_ptr();
  Values names;
  for (const std::string& n : child_names) names.push_back(make_str(n));
  Value entry = make_tuple({cls, flatten, unflatten, make_tuple(names)});
  Values& items = registry.as<ListObj>().items;
  for (Value& e : items)
    if (e.as<TupleObj>().items[0].obj() == cls.obj()) {
      e = entry;
      return;
    }
  items.push_back(entry);
}

Flat flatten(Interpreter& ip, const Value& v, SourceRange where) {
  Flat f;
  f.tree = flatten_into(ip, v, f, "", where);
  return f;
}

namespace {
Value unflatten_at(const Tree& t, const Values& leaves, size_t& pos) {
  switch (t.kind) {
    case Tree::Kind::Leaf: return leaves[pos++];
    case Tree::Kind::None: return Value::none();
    case Tree::Kind::Custom: {
      Values kids;
      for (const Tree& k : t.kids) kids.push_back(unflatten_at(k, leaves, pos));
      return t.owner->call(t.custom_unflatten, Values{t.custom_aux, make_list(kids)});
    }
    case Tree::Kind::Dict: {
      auto d = std::make_shared<DictObj>();
      for (size_t i = 0; i < t.kids.size(); ++i) d->set(t.keys[i], unflatten_at(t.kids[i], leaves, pos));
      return Value::object(d);
    }
    default: {
      Values items;
      for (const Tree& k : t.kids) items.push_back(unflatten_at(k, leaves, pos));
      if (t.tuple_class) return make_named_tuple(t.tuple_class, std::move(items));
      return t.kind == Tree::Kind::Tuple ? make_tuple(items) : make_list(items);
    }
  }
}

}  // namespace

Value unflatten_values(const Tree& t, const Values& leaves) {
  size_t pos = 0;
  return unflatten_at(t, leaves, pos);
}

size_t leaf_count(const Tree& t) {
  if (t.kind == Tree::Kind::Leaf) return 1;
  size_t n = 0;
  for (const Tree& k : t.kids) n += leaf_count(k);
  return n;
}

Value unflatten(const Tree& t, const std::vector<Operand>& ops, size_t from) {
  Values leaves;
  for (size_t i = from; i < ops.size(); ++i) leaves.push_back(make_array(ops[i]));
  size_t pos = 0;
  return unflatten_at(t, leaves, pos);
}

bool same_tree(const Tree& a, const Tree& b) {
  if (a.kind != b.kind || a.kids.size() != b.kids.size() || a.key_reprs != b.key_reprs ||
      a.tuple_class != b.tuple_class)
    return false;
  for (size_t i = 0; i < a.kids.size(); ++i)
    if (!same_tree(a.kids[i], b.kids[i])) return false;
  return true;
}

namespace {
std::string tree_inner(const Tree& t) {
  switch (t.kind) {
    case Tree::Kind::Leaf: return "*";
    case Tree::Kind::None: return "None";
    case Tree::Kind::Custom: {  // JAX: CustomNode(Point[aux], [*, *])
      std::string s = "CustomNode(" + t.custom_name + "[" + t.key_reprs[0] + "], [";
      for (size_t i = 0; i < t.kids.size(); ++i) s += (i ? ", " : "") + tree_inner(t.kids[i]);
      return s + "])";
    }
    case Tree::Kind::Dict: {
      std::string s = "{";
      for (size_t i = 0; i < t.kids.size(); ++i) s += (i ? ", " : "") + t.key_reprs[i] + ": " + tree_inner(t.kids[i]);
      return s + "}";
    }
    default: {
      bool tuple = t.kind == Tree::Kind::Tuple;
      if (t.tuple_class) {  // JAX: CustomNode(namedtuple[P], [*, *])
        std::string s = "CustomNode(namedtuple[" + t.tuple_class->name + "], [";
        for (size_t i = 0; i < t.kids.size(); ++i) s += (i ? ", " : "") + tree_inner(t.kids[i]);
        return s + "])";
      }
      std::string s = tuple ? "(" : "[";
      for (size_t i = 0; i < t.kids.size(); ++i) s += (i ? ", " : "") + tree_inner(t.kids[i]);
      if (tuple && t.kids.size() == 1) s += ",";
      return s + (tuple ? ")" : "]");
    }
  }
}

}  // namespace

std::string treedef(const Tree& t) { return "PyTreeDef(" + tree_inner(t) + ")"; }

std::vector<Operand> to_ops(Interpreter& ip, const Values& leaves, SourceRange where) {
  std::vector<Operand> ops;
  for (const Value& v : leaves) ops.push_back(to_operand(ip, v, where));
  return ops;
}

// ---------------------------------------------------------------- checks

bool typematch(const ir::AVal& a, const ir::AVal& b) { return a.dtype == b.dtype && a.shape == b.shape; }

std::string shaped_array(const ir::AVal& a) {
  return "ShapedArray(" + ir::aval_long_str(a) + (a.weak_type ? ", weak_type=True" : "") + ")";
}

std::vector<ir::AVal> avals_of(const std::vector<Operand>& ops, size_t from) {
  std::vector<ir::AVal> out;
  for (size_t i = from; i < ops.size(); ++i) out.push_back(ops[i].aval);
  return out;
}

std::vector<ir::AVal> out_avals(const ir::Jaxpr& j) {
  std::vector<ir::AVal> out;
  for (const ir::Atom& a : j.outvars)
    out.push_back(a.is_literal() ? ir::AVal::array(a.literal.dtype(), {}, a.literal.weak_type())
                                 : j.vars[static_cast<size_t>(a.var)]);
  return out;
}

std::string CarryCheck::component(const std::string& path) const {
  std::string p = prefix + path;
  if (carry_name.empty()) return p.empty() ? "the input carry" : "the input carry at path " + p;
  return p.empty() ? "the input carry " + carry_name : "the input carry component " + carry_name + p;
}

namespace {
std::string capitalize(std::string s) {
  if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s;
}

std::string join_differences(const std::vector<std::string>& diffs) {
  if (diffs.size() == 1) return capitalize(diffs[0]) + ".\n";
  std::string s;
  for (size_t i = 0; i + 1 < diffs.size(); ++i) s += (i ? "\n" : "") + std::string("  * ") + diffs[i] + ";\n";
  return s + "  * " + diffs.back() + ".\n";
}

std::string node_type(const Tree& t) {
  switch (t.kind) {
    case Tree::Kind::Leaf: return t.leaf_type;
    case Tree::Kind::None: return "<class 'NoneType'>";
    case Tree::Kind::Tuple: return t.tuple_class ? "<class '__main__." + t.tuple_class->name + "'>" : "<class 'tuple'>";
    case Tree::Kind::List: return "<class 'list'>";
    case Tree::Kind::Dict: return "<class 'dict'>";
    case Tree::Kind::Custom: return "<class '__main__." + t.custom_name + "'>";
  }
  return "";
}

// tree_util.equality_errors, for the structure message.
void tree_diffs(const Tree& a, const Tree& b, const std::string& path, const CarryCheck& c,
                std::vector<std::string>& out) {
  if (a.kind == Tree::Kind::Leaf && b.kind == Tree::Kind::Leaf) return;
  std::string head = c.component(path) + " is a ";
  std::string mid = " but the corresponding component of the carry output is a ";
  if (a.kind != b.kind) {
    out.push_back(head + node_type(a) + mid + node_type(b) + ", so their Python types differ");
    return;
  }
  if (a.kids.size() != b.kids.size()) {
    if (a.kind == Tree::Kind::Dict) {
      auto children = [](size_t n) { return std::to_string(n) + (n == 1 ? " child" : " children"); };
      out.push_back(head + node_type(a) + " with " + children(a.kids.size()) + mid + node_type(b) + " with " +
                    children(b.kids.size()) + ", so the numbers of children do not match");
    } else {
      std::string n = a.kind == Tree::Kind::Tuple ? "tuple" : "list";
      out.push_back(head + n + " of length " + std::to_string(a.kids.size()) + mid + n + " of length " +
                    std::to_string(b.kids.size()) + ", so the lengths do not match");
    }
    return;
  }
  if (a.key_reprs != b.key_reprs) {
    out.push_back(head + node_type(a) + mid + node_type(b) + ", so the pytree node metadata does not match");
    return;
  }
  for (size_t i = 0; i < a.kids.size(); ++i) {
    std::string k = a.kind == Tree::Kind::Dict ? "[" + a.key_reprs[i] + "]" : "[" + std::to_string(i) + "]";
    tree_diffs(a.kids[i], b.kids[i], path + k, c, out);
  }
}

}  // namespace

namespace {
// tree_util.equality_errors_pytreedef for branch outputs: (path, thing1,
// thing2, explanation), leaves standing for "pytree leaf".
struct TreeDiff {
  std::string path, thing1, thing2, why;
};

std::string branch_node_type(const Tree& t) { return t.kind == Tree::Kind::Leaf ? "pytree leaf" : node_type(t); }

void branch_tree_diffs(const Tree& a, const Tree& b, const std::string& path, std::vector<TreeDiff>& out) {
  if (a.kind == Tree::Kind::Leaf && b.kind == Tree::Kind::Leaf) return;
  if (a.kind != b.kind || (a.tuple_class != b.tuple_class)) {
    out.push_back({path, branch_node_type(a), branch_node_type(b), "their Python types differ"});
    return;
  }
  auto children = [](size_t n) { return std::to_string(n) + (n > 1 ? " children" : " child"); };
  if (a.kids.size() != b.kids.size()) {
    if (a.kind == Tree::Kind::Dict)
      out.push_back({path, node_type(a) + " with " + children(a.kids.size()),
                     node_type(b) + " with " + children(b.kids.size()), "the numbers of children do not match"});
    else {
      std::string n = a.kind == Tree::Kind::Tuple ? "tuple" : "list";
      out.push_back({path, n + " of length " + std::to_string(a.kids.size()),
                     n + " of length " + std::to_string(b.kids.size()), "the lengths do not match"});
    }
    return;
  }
  if (a.key_reprs != b.key_reprs) {
    out.push_back({path, node_type(a) + " with pytree metadata", node_type(b) + " with pytree metadata",
                   "the pytree node metadata does not match"});
    return;
  }
  for (size_t i = 0; i < a.kids.size(); ++i) {
    std::string k = a.kind == Tree::Kind::Dict ? "[" + a.key_reprs[i] + "]" : "[" + std::to_string(i) + "]";
    branch_tree_diffs(a.kids[i], b.kids[i], path + k, out);
  }
}

std::string at_path(const std::string& p) { return p.empty() ? "" : " at path " + p; }
}  // namespace

void check_branch_outputs(const BranchOutputs& x, const BranchOutputs& y, const char* api, SourceRange where) {
  if (!same_tree(x.tree, y.tree)) {
    std::vector<TreeDiff> ds;
    branch_tree_diffs(x.tree, y.tree, "", ds);
    std::vector<std::string> texts;
    for (const TreeDiff& d : ds)
      texts.push_back(x.name + " output" + at_path(d.path) + " is a " + d.thing1 + " but " + y.name + " output" +
                      at_path(d.path) + " is a " + d.thing2 + ", so " + d.why);
    std::string diff;
    if (texts.size() == 1) diff = texts[0] + ".\n";
    for (size_t i = 0; texts.size() > 1 && i < texts.size(); ++i)
      diff += (i ? "\n" : "") + std::string("  * ") + texts[i] + (i + 1 < texts.size() ? ";\n" : ".\n");
    raise(ErrorId::lax_branch_structure, where, api, x.name, x.source, y.name, y.source, diff, x.name, y.name);
  }
  std::vector<std::string> texts;
  for (size_t i = 0; i < x.avals.size() && i < y.avals.size(); ++i) {
    const ir::AVal &a = x.avals[i], &b = y.avals[i];
    if (typematch(a, b)) continue;
    std::vector<std::string> why;
    if (a.dtype != b.dtype) why.push_back("the dtypes do not match");
    if (a.shape != b.shape) why.push_back("the shapes do not match");
    std::string extra = why.size() == 2 ? ", so " + why[0] + ", and " + why[1] : ", so " + why[0];
    texts.push_back("the output of " + x.name + at_path(x.paths[i]) + " has type " + ir::aval_long_str(a) +
                    " but the corresponding output of " + y.name + " has type " + ir::aval_long_str(b) + extra);
  }
  if (texts.empty()) return;
  std::string diff = texts.size() == 1 ? capitalize(texts[0]) + ".\n" : "";
  for (size_t i = 0; texts.size() > 1 && i < texts.size(); ++i)
    diff += (i ? "\n" : "") + std::string("  * ") + texts[i] + (i + 1 < texts.size() ? ";" : ".\n");
  raise(ErrorId::lax_branch_types, where, api, x.name, x.source, y.name, y.source, diff, x.name, y.name);
}

void check_structure(const CarryCheck& c, const Tree& in, Tree out) {
  if (same_tree(in, out)) return;
  std::vector<std::string> diffs;
  tree_diffs(in, out, "", c, diffs);
  std::string text = diffs.empty() ? "the input tree structure is:\n" + treedef(in) + "\n" +
                                         "the output tree structure is:\n" + treedef(out) + "\n"
                                   : join_differences(diffs);
  raise(ErrorId::lax_carry_structure, c.where, c.fn, text);
}

void check_types(const CarryCheck& c, const std::vector<std::string>& paths, const std::vector<ir::AVal>& in,
                 const std::vector<ir::AVal>& out) {
  std::vector<std::string> diffs;
  for (size_t i = 0; i < in.size() && i < out.size(); ++i) {
    if (typematch(in[i], out[i])) continue;
    bool dt = in[i].dtype != out[i].dtype, sh = in[i].shape != out[i].shape;
    std::string extra = std::string(", so ") + (dt ? "the dtypes do not match" : "") + (dt && sh ? " and also " : "") +
                        (sh ? "the shapes do not match" : "");
    diffs.push_back(c.component(paths[i]) + " has type " + ir::aval_long_str(in[i]) +
                    " but the corresponding output carry component has type " + ir::aval_long_str(out[i]) + extra);
  }
  if (!diffs.empty()) raise(ErrorId::lax_carry_types, c.where, c.fn, join_differences(diffs));
}

// _promote_weak_typed_inputs: weak init leaves the body widened.
bool promote_weak(std::vector<Operand>& init, const std::vector<ir::AVal>& out, size_t from) {
  bool changed = false;
  for (size_t i = from; i < init.size() && i < out.size(); ++i) {
    const ir::AVal& in = init[i].aval;
    if (!in.weak_type || typematch(in, out[i])) continue;
    DType t = array::promote_types(in.dtype, in.weak_type, out[i].dtype, out[i].weak_type).dtype;
    init[i] = jax::convert(init[i], t, false);
    changed = true;
  }
  return changed;
}

// ---------------------------------------------------------------- shared by the loops

bool is_callable(const Value& v) {
  return v.is(ObjKind::Function) || v.is(ObjKind::Builtin) || v.is(ObjKind::BoundMethod) ||
         (v.is(ObjKind::Record) && v.as<RecordObj>().type->call);
}

std::string first_param(const Value& fn) {
  if (fn.is(ObjKind::Function)) {
    const auto& params = fn.as<FunctionObj>().params();
    if (!params.empty()) return params[0].name;
  }
  return "";
}

namespace {
void mark_output_leaves(Tree& t) {
  if (t.kind == Tree::Kind::Leaf) t.leaf_type = "<class 'jax._src.core.ShapedArray'>";
  for (Tree& k : t.kids) mark_output_leaves(k);
}
}  // namespace

Carry carry_of(Interpreter& ip, const Value& v, SourceRange where) {
  Carry c;
  c.flat = flatten(ip, v, where);
  c.ops = to_ops(ip, c.flat.leaves, where);
  return c;
}

std::vector<Operand> body_output(Interpreter& ip, const Value& out, const Tree& carry, const CarryCheck& check,
                                 SourceRange where) {
  Flat f = flatten(ip, out, where);
  mark_output_leaves(f.tree);
  check_structure(check, carry, f.tree);
  return to_ops(ip, f.leaves, where);
}

std::string render_tree(const Tree& t, const std::vector<std::string>& leaves, size_t& pos, bool top, bool quote) {
  switch (t.kind) {
    case Tree::Kind::Leaf: return top || !quote ? leaves[pos++] : "'" + leaves[pos++] + "'";
    case Tree::Kind::None: return "None";
    case Tree::Kind::Dict: {
      std::string s = "{";
      for (size_t i = 0; i < t.kids.size(); ++i)
        s += (i ? ", " : "") + t.key_reprs[i] + ": " + render_tree(t.kids[i], leaves, pos, false, quote);
      return s + "}";
    }
    default: {
      bool tuple = t.kind == Tree::Kind::Tuple;
      std::string s = tuple ? "(" : "[";
      for (size_t i = 0; i < t.kids.size(); ++i) s += (i ? ", " : "") + render_tree(t.kids[i], leaves, pos, false, quote);
      if (tuple && t.kids.size() == 1) s += ",";
      return s + (tuple ? ")" : "]");
    }
  }
}

}  // namespace rungs::jax
