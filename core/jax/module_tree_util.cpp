// jax.tree_util and jax.tree: tree_map, leaves, flatten/unflatten,
// structure and PyTreeDef, over the pytrees JAX knows here (tuples, lists,
// dicts with sorted keys, None as an empty subtree, named tuples) — the same
// flattening lax control flow uses (module_lax_tree.h) — and user classes
// registered as nodes: register_pytree_node here, and in Python over it
// register_pytree_node_class, register_dataclass, register_static and
// Partial (a functools.partial whose arguments are its children).
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

const char* const kRegistrationSource = R"PY(
import dataclasses


def register_pytree_node_class(cls):
    register_pytree_node(cls, lambda x: x.tree_flatten(), cls.tree_unflatten)
    return cls


def register_dataclass(nodetype, data_fields=None, meta_fields=None, drop_fields=()):
    if data_fields is None or meta_fields is None:
        if not dataclasses.is_dataclass(nodetype):
            raise TypeError("register_dataclass: data_fields and meta_fields are required when"
                            " nodetype is not a dataclass. Got nodetype=" + repr(nodetype))
        data_fields, meta_fields = [], []
        for f in dataclasses.fields(nodetype):
            if f.name in drop_fields:
                continue
            if f.metadata.get("static", False):
                meta_fields.append(f.name)
            else:
                data_fields.append(f.name)
    data_fields, meta_fields = list(data_fields), list(meta_fields)

    def flatten(x):
        return [getattr(x, n) for n in data_fields], tuple(getattr(x, n) for n in meta_fields)

    def unflatten(meta, data):
        kwargs = dict(zip(meta_fields, meta))
        kwargs.update(zip(data_fields, data))
        return nodetype(**kwargs)

    _register_named(nodetype, flatten, unflatten, data_fields)
    return nodetype


def register_static(cls):
    register_pytree_node(cls, lambda x: ((), x), lambda aux, _: aux)
    return cls


class Partial:
    # functools.partial as a pytree: its arguments are children, func is aux.
    def __init__(self, func, *args, **keywords):
        self.func, self.args, self.keywords = func, args, keywords

    def __call__(self, *args, **keywords):
        return self.func(*self.args, *args, **{**self.keywords, **keywords})

    def __repr__(self):
        parts = [repr(self.func)] + [repr(a) for a in self.args] + [k + "=" + repr(v) for k, v in self.keywords.items()]
        return "Partial(" + ", ".join(parts) + ")"


register_pytree_node(
    Partial,
    lambda p: ((p.args, p.keywords), p.func),
    lambda func, children: Partial(func, *children[0], **children[1]),
)
)PY";

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
  Interpreter::register_module("jax.tree_util", [](Interpreter& ip) {
    auto m = new_module("jax.tree_util");
    define(*m, false);
    Value registry = make_list({});
    m->attrs["_pytree_registry"] = registry;
    std::weak_ptr<python::Object> weak_registry = registry.obj_ptr();
    auto reg = [weak_registry](Interpreter& ip2, CallArgs& call, std::vector<std::string> names, size_t count,
                               const char* fn) {
      if (call.positional.size() < count || !call.positional[0].is(ObjKind::Class))
        raise(ErrorId::builtin_arg_type, call.where, fn, 1, "type",
              call.positional.empty() ? "nothing" : type_name(call.positional[0]));
      if (count == 4) names = {};
      if (count == 4) for (const Value& n : ip2.iterate(call.positional[3])) names.push_back(n.as<StrObj>().s);
      std::shared_ptr<python::Object> list = weak_registry.lock();
      if (list) register_pytree_node(ip2, Value::object(list), call.positional[0], call.positional[1], call.positional[2], names);
      return Value::none();
    };
    Value plain = make_builtin("register_pytree_node", [reg](Interpreter& ip2, CallArgs& call) {
      return reg(ip2, call, {}, 3, "register_pytree_node");
    });
    Value named = make_builtin("_register_named", [reg](Interpreter& ip2, CallArgs& call) {
      return reg(ip2, call, {}, 4, "register_pytree_node");
    });
    m->attrs["register_pytree_node"] = plain;
    Value defs = ip.define_generated_module("jax.tree_util", kRegistrationSource,
                                            {{"register_pytree_node", plain}, {"_register_named", named}});
    for (const auto& [name, value] : defs.as<ModuleObj>().attrs)
      if (name != "dataclasses" && !m->attrs.count(name)) m->attrs[name] = value;
    return Value::object(m);
  });
  Interpreter::register_module("jax.tree", [](Interpreter&) {
    auto m = new_module("jax.tree");
    define(*m, true);
    return Value::object(m);
  });
}

}  // namespace rungs::jax
