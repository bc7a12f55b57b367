// dataclasses: @dataclass, field, fields, replace, asdict, astuple,
// is_dataclass, MISSING and FrozenInstanceError, with CPython 3.11's rules
// and error texts. As CPython does, the methods a dataclass gains (__init__,
// __repr__, __eq__, the order methods, __hash__, a frozen __setattr__) are
// Python functions compiled from generated source (define_generated_function),
// so their argument errors and behaviour are CPython's own. Fields come from
// the class body's __annotations__ (kept as text, exec_stmt.cpp); ClassVar
// annotations are skipped as CPython skips string annotations naming it.
#include <string>
#include <unordered_map>
#include <vector>

#include "core/python/classes.h"
#include "core/python/exceptions.h"
#include "core/python/modules.h"
#include "core/python/value_ops.h"

namespace rungs::python {

namespace {

const RecordType& missing_type() {
  static const RecordType t = [] {
    RecordType r;
    r.name = "_MISSING_TYPE";
    r.repr = [](const RecordObj&, Interpreter&) { return std::string("<dataclasses._MISSING_TYPE object>"); };
    r.equals = [](const RecordObj& a, const RecordObj& b) { return &a == &b; };
    return r;
  }();
  return t;
}

Value missing() {
  static const Value m = Value::object(std::make_shared<RecordObj>(&missing_type()));
  return m;
}
bool is_missing(const Value& v) { return v.identical(missing()); }

const char* const kFieldSlots[] = {"name", "type", "default", "default_factory", "init", "repr",
                                   "hash", "compare", "metadata", "kw_only"};

const RecordType& field_type() {
  static const RecordType t = [] {
    RecordType r;
    r.name = "Field";
    r.repr = [](const RecordObj& f, Interpreter& ip) {
      std::string s = "Field(";
      for (const char* slot : kFieldSlots) {
        if (std::string(slot) != "name") s += ",";
        s += std::string(slot) + "=" + (std::string(slot) == "type" ? ip.str(f.get(slot)) : ip.repr(f.get(slot)));
      }
      return s + ",_field_type=_FIELD)";
    };
    r.equals = [](const RecordObj& a, const RecordObj& b) { return &a == &b; };
    return r;
  }();
  return t;
}

const RecordObj& field_of(const Value& v) { return v.as<RecordObj>(); }
bool flag(const RecordObj& f, const char* slot) { return f.get(slot).is_bool() && f.get(slot).as_bool(); }
bool is_field(const Value& v) { return v.is(ObjKind::Record) && v.as<RecordObj>().type == &field_type(); }

Value new_field(const Value& default_value, const Value& factory, bool init, bool repr, const Value& hash,
                bool compare, const Value& metadata, const Value& kw_only) {
  auto f = std::make_shared<RecordObj>(&field_type());
  f->set("name", Value::none());
  f->set("type", Value::none());
  f->set("default", default_value);
  f->set("default_factory", factory);
  f->set("init", Value::boolean(init));
  f->set("repr", Value::boolean(repr));
  f->set("hash", hash);
  f->set("compare", Value::boolean(compare));
  f->set("metadata", metadata.is_none() ? Value::object(std::make_shared<DictObj>()) : metadata);
  f->set("kw_only", kw_only);
  return Value::object(f);
}

struct Options {
  bool init = true, repr = true, eq = true, order = false, unsafe_hash = false, frozen = false, kw_only = false;
};

// The class's (or an instance's class's) __dataclass_fields__, or null.
const DictObj* dataclass_fields_of(const Value& v) {
  std::shared_ptr<ClassObj> cls = v.is(ObjKind::Class) ? std::static_pointer_cast<ClassObj>(v.obj_ptr()) : user_class_of(v);
  if (!cls) return nullptr;
  const Value* fields = cls->lookup("__dataclass_fields__");
  return fields && fields->is(ObjKind::Dict) ? &fields->as<DictObj>() : nullptr;
}

bool is_class_var(const std::string& type_text) {
  for (const char* prefix : {"ClassVar", "typing.ClassVar"}) {
    std::string p(prefix);
    if (type_text == p || type_text.rfind(p + "[", 0) == 0) return true;
  }
  return false;
}

// Inherited fields first (base classes in reverse MRO order), then this
// class's annotations, each made a Field; checks CPython's default rules.
std::vector<Value> collect_fields(Interpreter& ip, ClassObj& cls, const Options& opts, SourceRange where) {
  std::vector<Value> fields;
  auto put = [&](const Value& f) {
    for (Value& existing : fields) {
      if (ip.str(field_of(existing).get("name")) == ip.str(field_of(f).get("name"))) return void(existing = f);
    }
    fields.push_back(f);
  };
  for (auto it = cls.mro.rbegin(); it != cls.mro.rend(); ++it) {
    if (*it == &cls) continue;
    const Value* base_fields = (*it)->dict->find(make_str("__dataclass_fields__"));
    if (!base_fields) continue;
    const Value* params = (*it)->dict->find(make_str("__dataclass_frozen__"));
    bool base_frozen = params && params->is_bool() && params->as_bool();
    if (base_frozen != opts.frozen)
      raise(ErrorId::dataclass_frozen_mix, where, opts.frozen ? "frozen" : "non-frozen", base_frozen ? "frozen" : "non-frozen");
    for (const auto& [name, f] : base_fields->as<DictObj>().entries) put(f);
  }
  const Value* annotations = cls.dict->find(make_str("__annotations__"));
  if (!annotations || !annotations->is(ObjKind::Dict)) return fields;
  for (const auto& [key, type] : annotations->as<DictObj>().entries) {
    if (type.is(ObjKind::Str) && is_class_var(type.as<StrObj>().s)) continue;
    const Value* body_value = cls.dict->find(key);
    Value f = body_value && is_field(*body_value)
                  ? *body_value
                  : new_field(body_value ? *body_value : missing(), missing(), true, true, Value::none(), true,
                              Value::none(), missing());
    auto& rec = f.as<RecordObj>();
    rec.set("name", key);
    rec.set("type", type);
    if (is_missing(rec.get("kw_only"))) rec.set("kw_only", Value::boolean(opts.kw_only));
    const Value d = rec.get("default");
    if (d.is(ObjKind::List) || d.is(ObjKind::Dict) || d.is(ObjKind::Set))
      raise(ErrorId::dataclass_mutable_default, where, type_name(d), key.as<StrObj>().s);
    // The class attribute is the default, or absent (CPython deletes a bare field()).
    if (!is_missing(d)) cls.dict->set(key, d);
    else if (body_value) cls.dict->erase(key);
    put(f);
  }
  return fields;
}

bool defines(const ClassObj& cls, const char* name) { return cls.dict->find(make_str(name)) != nullptr; }

// __init__'s source and the names it reads (defaults, factories, helpers).
std::string init_source(Interpreter& ip, const ClassObj& cls, const std::vector<Value>& fields, const Options& opts,
                        std::unordered_map<std::string, Value>& names, SourceRange where) {
  std::string self = "self";
  for (const Value& f : fields) {
    if (ip.str(field_of(f).get("name")) == "self") self = "__dataclass_self__";
  }
  std::string positional, keyword, body;
  bool seen_default = false;
  for (const Value& fv : fields) {
    const RecordObj& f = field_of(fv);
    std::string name = ip.str(f.get("name"));
    bool has_factory = !is_missing(f.get("default_factory"));
    bool has_default = !is_missing(f.get("default"));
    std::string value = name;
    if (has_factory) {
      names["_dflt_" + name] = f.get("default_factory");
      value = flag(f, "init") ? "_dflt_" + name + "() if " + name + " is _HAS_DEFAULT_FACTORY else " + name
                              : "_dflt_" + name + "()";
    }
    if (flag(f, "init")) {
      std::string param = name;
      if (has_factory) param += "=_HAS_DEFAULT_FACTORY";
      else if (has_default) names["_dflt_" + name] = f.get("default"), param += "=_dflt_" + name;
      if (flag(f, "kw_only")) {
        keyword += ", " + param;
      } else {
        if (seen_default && !has_factory && !has_default) raise(ErrorId::dataclass_default_order, where, name);
        seen_default = seen_default || has_factory || has_default;
        positional += ", " + param;
      }
    } else if (!has_factory) {
      continue;  // init=False with a plain default: the class attribute serves
    }
    body += opts.frozen ? "    _object_setattr(" + self + ", '" + name + "', " + value + ")\n"
                        : "    " + self + "." + name + " = " + value + "\n";
  }
  if (cls.lookup("__post_init__")) body += "    " + self + ".__post_init__()\n";
  if (body.empty()) body = "    pass\n";
  return "def __init__(" + self + positional + (keyword.empty() ? "" : ", *" + keyword) + "):\n" + body;
}

// "(self.a, self.b)" over the fields where `slot` holds.
std::string field_tuple(Interpreter& ip, const std::vector<Value>& fields, const char* who, const char* slot) {
  std::string s = "(";
  for (const Value& f : fields) {
    if (!flag(field_of(f), slot)) continue;
    s += std::string(who) + "." + ip.str(field_of(f).get("name")) + ",";
  }
  return s + ")";
}

void add_methods(Interpreter& ip, ClassObj& cls, const std::vector<Value>& fields, const Options& opts, SourceRange where) {
  Value object_setattr_fn = make_builtin("_object_setattr", [](Interpreter& ip, CallArgs& a) {
    object_setattr(ip, a.positional.at(0), ip.str(a.positional.at(1)), a.positional.at(2), a.where);
    return Value::none();
  });
  std::unordered_map<std::string, Value> names = {
      {"_HAS_DEFAULT_FACTORY", missing()}, {"_object_setattr", object_setattr_fn},
      {"_FrozenInstanceError", exception_class("FrozenInstanceError")}, {"_cls", cls.value()}};
  auto define = [&](const char* name, const std::string& source) {
    if (defines(cls, name)) return;  // the class's own definition wins
    cls.dict->set(make_str(name), ip.define_generated_function(source, name, cls.qualname + "." + name, names));
  };
  if (opts.init) define("__init__", init_source(ip, cls, fields, opts, names, where));
  if (opts.repr) {
    std::string parts;
    for (const Value& f : fields) {
      if (!flag(field_of(f), "repr")) continue;
      std::string n = ip.str(field_of(f).get("name"));
      parts += (parts.empty() ? "" : ", ") + n + "={self." + n + "!r}";
    }
    define("__repr__", "def __repr__(self):\n    return type(self).__qualname__ + f\"(" + parts + ")\"\n");
  }
  if (opts.eq) {
    define("__eq__", "def __eq__(self, other):\n    if type(other) is type(self):\n        return " +
                         field_tuple(ip, fields, "self", "compare") + " == " + field_tuple(ip, fields, "other", "compare") +
                         "\n    return NotImplemented\n");
  }
  if (opts.order) {
    for (auto [name, op] : {std::pair{"__lt__", "<"}, {"__le__", "<="}, {"__gt__", ">"}, {"__ge__", ">="}}) {
      define(name, std::string("def ") + name + "(self, other):\n    if type(other) is type(self):\n        return " +
                       field_tuple(ip, fields, "self", "compare") + " " + op + " " +
                       field_tuple(ip, fields, "other", "compare") + "\n    return NotImplemented\n");
    }
  }
  // CPython's __hash__ table: hashed by fields when frozen (or unsafe_hash),
  // unhashable when eq without frozen, inherited otherwise.
  if (!defines(cls, "__hash__")) {
    if (opts.unsafe_hash || (opts.eq && opts.frozen)) {
      define("__hash__", "def __hash__(self):\n    return hash(" + field_tuple(ip, fields, "self", "compare") + ")\n");
      for (const Value& f : fields) {
        if (flag(field_of(f), "compare")) cls.key_fields.push_back(ip.str(field_of(f).get("name")));
      }
    }
    else if (opts.eq)
      cls.dict->set(make_str("__hash__"), Value::none());
  }
  if (opts.frozen) {
    std::string field_names = "(";
    for (const Value& f : fields) field_names += ip.repr(field_of(f).get("name")) + ",";
    define("__setattr__", "def __setattr__(self, name, value):\n    if type(self) is _cls or name in " + field_names +
                              "):\n        raise _FrozenInstanceError(f\"cannot assign to field {name!r}\")\n"
                              "    _object_setattr(self, name, value)\n");
  }
}

Value process_class(Interpreter& ip, const Value& cls_value, const Options& opts, SourceRange where) {
  if (!cls_value.is(ObjKind::Class)) raise(ErrorId::not_callable, where, type_name(cls_value));
  ClassObj& cls = cls_value.as<ClassObj>();
  std::vector<Value> fields = collect_fields(ip, cls, opts, where);
  auto table = std::make_shared<DictObj>();
  Values match_args;
  for (const Value& f : fields) {
    table->set(field_of(f).get("name"), f);
    if (flag(field_of(f), "init") && !flag(field_of(f), "kw_only")) match_args.push_back(field_of(f).get("name"));
  }
  cls.dict->set(make_str("__dataclass_fields__"), Value::object(table));
  cls.dict->set(make_str("__dataclass_frozen__"), Value::boolean(opts.frozen));
  cls.dict->set(make_str("__match_args__"), make_tuple(match_args));
  add_methods(ip, cls, fields, opts, where);
  return cls_value;
}

Value dataclass(Interpreter& ip, CallArgs& call) {
  Args a(call, "dataclass", {"cls", "*", "init", "repr", "eq", "order", "unsafe_hash", "frozen", "match_args",
                             "kw_only", "slots", "weakref_slot"});
  Options o;
  // Args drops the "*": keyword-only names follow `cls` from index 1.
  o.init = a.bool_at(1, true);
  o.repr = a.bool_at(2, true);
  o.eq = a.bool_at(3, true);
  o.order = a.bool_at(4, false);
  o.unsafe_hash = a.bool_at(5, false);
  o.frozen = a.bool_at(6, false);
  o.kw_only = a.bool_at(8, false);
  if (a.has(0) && !a[0].is_none()) return process_class(ip, a[0], o, call.where);
  return make_builtin("dataclasses.dataclass.<locals>.wrap", [o](Interpreter& ip, CallArgs& inner) {
    if (inner.positional.size() != 1) raise(ErrorId::builtin_expected_at_least, inner.where, "wrap", 1, "", inner.positional.size());
    return process_class(ip, inner.positional[0], o, inner.where);
  });
}

// asdict/astuple's copy: dataclasses become dicts (or tuples), containers recurse.
Value convert(Interpreter& ip, const Value& v, bool as_dict, SourceRange where) {
  if (const DictObj* fields = user_class_of(v) ? dataclass_fields_of(v) : nullptr) {
    auto d = std::make_shared<DictObj>();
    Values items;
    for (const auto& [name, f] : fields->entries) {
      Value item = convert(ip, ip.getattr(v, name.as<StrObj>().s, where), as_dict, where);
      if (as_dict) d->set(name, item);
      else items.push_back(item);
    }
    return as_dict ? Value::object(d) : make_tuple(items);
  }
  if (v.is(ObjKind::List) || v.is(ObjKind::Tuple)) {
    Values items;
    for (const Value& x : v.is(ObjKind::List) ? v.as<ListObj>().items : v.as<TupleObj>().items)
      items.push_back(convert(ip, x, as_dict, where));
    if (v.is(ObjKind::List)) return make_list(items);
    auto t = std::make_shared<TupleObj>(items);
    t->cls = v.as<TupleObj>().cls;  // a named tuple stays one
    return Value::object(t);
  }
  if (v.is(ObjKind::Dict)) {
    auto d = std::make_shared<DictObj>();
    for (const auto& [k, x] : v.as<DictObj>().entries) d->set(convert(ip, k, as_dict, where), convert(ip, x, as_dict, where));
    return Value::object(d);
  }
  return v;
}

void define_functions(ModuleObj& m) {
  def_signature(m, "field", {"*", "default", "default_factory", "init", "repr", "hash", "compare", "metadata", "kw_only"}, 0,
                [](Interpreter&, const Args& a) {
                  Value d = a.get_or(0, missing()), factory = a.get_or(1, missing());
                  if (!is_missing(d) && !is_missing(factory)) raise(ErrorId::dataclass_default_and_factory, a.where());
                  return new_field(d, factory, a.bool_at(2, true), a.bool_at(3, true), a.get_or(4, Value::none()),
                                   a.bool_at(5, true), a.get_or(6, Value::none()), a.get_or(7, missing()));
                });
  def_signature(m, "fields", {"class_or_instance"}, 1, [](Interpreter&, const Args& a) {
    const DictObj* fields = dataclass_fields_of(a[0]);
    if (!fields) raise(ErrorId::dataclass_fields_arg, a.where());
    Values out;
    for (const auto& [name, f] : fields->entries) out.push_back(f);
    return make_tuple(out);
  });
  def_signature(m, "is_dataclass", {"obj"}, 1, [](Interpreter&, const Args& a) {
    return Value::boolean(dataclass_fields_of(a[0]) != nullptr);
  });
  for (bool as_dict : {true, false}) {
    const char* name = as_dict ? "asdict" : "astuple";
    def_signature(m, name, {"obj", "*", as_dict ? "dict_factory" : "tuple_factory"}, 1,
                  [as_dict, name](Interpreter& ip, const Args& a) {
                    if (!user_class_of(a[0]) || !dataclass_fields_of(a[0])) raise(ErrorId::dataclass_instance_arg, a.where(), name);
                    return convert(ip, a[0], as_dict, a.where());
                  });
  }
  def(m, "replace", [](Interpreter& ip, CallArgs& call) {
    if (call.positional.size() != 1) raise(ErrorId::builtin_expected_at_least, call.where, "replace", 1, "", call.positional.size());
    const Value& obj = call.positional[0];
    const DictObj* fields = user_class_of(obj) ? dataclass_fields_of(obj) : nullptr;
    if (!fields) raise(ErrorId::dataclass_instance_arg, call.where, "replace");
    CallArgs args;
    args.where = call.where;
    for (const auto& [name, fv] : fields->entries) {
      const std::string& n = name.as<StrObj>().s;
      bool given = false;
      for (const auto& kw : call.keywords) given = given || kw.first == n;
      if (!flag(field_of(fv), "init")) {
        if (given) raise(ErrorId::dataclass_replace_init_false, call.where, n);
        continue;
      }
      if (!given) args.keywords.emplace_back(n, ip.getattr(obj, n, call.where));
    }
    args.keywords.insert(args.keywords.end(), call.keywords.begin(), call.keywords.end());
    return ip.call(user_class_of(obj)->value(), std::move(args));
  });
}

}  // namespace

void register_module_dataclasses() {
  Interpreter::register_module("dataclasses", [](Interpreter&) {
    auto m = new_module("dataclasses");
    def(*m, "dataclass", dataclass);
    def_value(*m, "MISSING", missing());
    def_value(*m, "FrozenInstanceError", exception_class("FrozenInstanceError"));
    define_functions(*m);
    return Value::object(m);
  });
}

}  // namespace rungs::python
