// typing and __future__: what kernel files import for their annotations.
// Rungs never evaluates annotations (as under `from __future__ import
// annotations`), so typing's names only have to exist, print as CPython
// prints them, and subscript (Optional[int], Callable[..., Any]); TypeVar,
// cast, overload and final behave as at run time in CPython. PEP 585's
// `list[int]` on the built-in types goes through generic_alias too.
#include "core/python/args.h"
#include "core/python/classes.h"
#include "core/python/modules.h"
#include "core/python/named_tuples.h"
#include "core/python/value_ops.h"

namespace rungs::python {

namespace {

// How a type reads inside an alias: `int`, `typing.Any`, `list[int]`, `None`.
std::string type_text(Interpreter& ip, const Value& v) {
  if (v.is_none()) return "None";
  if (v.is(ObjKind::Builtin) && !v.as<BuiltinObj>().type_tag.empty()) return v.as<BuiltinObj>().name;
  if (v.is(ObjKind::Tuple)) {
    std::string out;
    for (const Value& item : v.as<TupleObj>().items) out += (out.empty() ? "" : ", ") + type_text(ip, item);
    return out;
  }
  if (v.is(ObjKind::List)) {
    std::string out;
    for (const Value& item : v.as<ListObj>().items) out += (out.empty() ? "" : ", ") + type_text(ip, item);
    return "[" + out + "]";
  }
  if (v.is(ObjKind::Ellipsis)) return "...";
  if (v.is(ObjKind::Class)) {  // as CPython's _type_repr: module.qualname
    const auto& cls = v.as<ClassObj>();
    const Value* module = cls.dict->find(make_str("__module__"));
    std::string mod = module && module->is(ObjKind::Str) ? module->as<StrObj>().s : "__main__";
    return mod == "builtins" ? cls.qualname : mod + "." + cls.qualname;
  }
  return ip.repr(v);
}

const RecordType& alias_type();

Value make_alias(const std::string& origin, const Value& args) {
  auto r = std::make_shared<RecordObj>(&alias_type());
  r->set("__origin__", make_str(origin));
  r->set("__args__", args.is(ObjKind::Tuple) ? args : make_tuple({args}));
  return Value::object(r);
}

Value subscript(const Value& self, CallArgs& call) {
  std::string origin = self.as<RecordObj>().get("__repr__").as<StrObj>().s;
  return make_alias(origin, call.positional.at(0));
}

// typing.Optional[int], list[int]: prints as written, subscripts again.
const RecordType& alias_type() {
  static const RecordType t = [] {
    RecordType r;
    r.name = "_GenericAlias";
    r.repr = [](const RecordObj& rec, Interpreter& ip) {
      return rec.get("__origin__").as<StrObj>().s + "[" + type_text(ip, rec.get("__args__")) + "]";
    };
    r.methods["__getitem__"] = [](Interpreter& ip, const Value& self, CallArgs& call) {
      return make_alias(ip.repr(self), call.positional.at(0));
    };
    return r;
  }();
  return t;
}

// typing.Any, typing.Optional, ...: a named marker that subscripts.
const RecordType& special_form_type() {
  static const RecordType t = [] {
    RecordType r;
    r.name = "_SpecialForm";
    r.repr = [](const RecordObj& rec, Interpreter&) { return rec.get("__repr__").as<StrObj>().s; };
    r.methods["__getitem__"] = [](Interpreter&, const Value& self, CallArgs& call) { return subscript(self, call); };
    return r;
  }();
  return t;
}

Value special_form(const std::string& name) { return annotation_marker("typing." + name); }

const RecordType& type_var_type() {
  static const RecordType t = [] {
    RecordType r;
    r.name = "TypeVar";
    r.repr = [](const RecordObj& rec, Interpreter&) { return "~" + rec.get("__name__").as<StrObj>().s; };
    return r;
  }();
  return t;
}

// __future__'s features: each a _Feature as in CPython; importing one is a
// no-op (lang/checks.cpp refuses unknown features, as CPython's compiler does).
const RecordType& feature_type() {
  static const RecordType t = [] {
    RecordType r;
    r.name = "_Feature";
    r.repr = [](const RecordObj& rec, Interpreter&) { return "_Feature(" + rec.get("name").as<StrObj>().s + ")"; };
    return r;
  }();
  return t;
}

void register_future() {
  Interpreter::register_module("__future__", [](Interpreter&) {
    auto m = new_module("__future__");
    for (const char* name : {"nested_scopes", "generators", "division", "absolute_import", "with_statement",
                             "print_function", "unicode_literals", "barry_as_FLUFL", "generator_stop", "annotations"}) {
      auto f = std::make_shared<RecordObj>(&feature_type());
      f->set("name", make_str(name));
      def_value(*m, name, Value::object(f));
    }
    return Value::object(m);
  });
}

}  // namespace

Value annotation_marker(const std::string& qualified_name) {
  auto r = std::make_shared<RecordObj>(&special_form_type());
  r->set("__repr__", make_str(qualified_name));
  return Value::object(r);
}

namespace {

// What may stand on either side of PEP 604's `|`: a type, None, a typing
// alias or special form, or another union.
bool is_type_form(const Value& v) {
  if (v.is_none() || v.is(ObjKind::Class)) return true;
  if (v.is(ObjKind::Builtin)) return !v.as<BuiltinObj>().type_tag.empty();
  if (v.is(ObjKind::Instance)) return v.as<InstanceObj>().cls->name == "TypeAliasType";
  if (!v.is(ObjKind::Record)) return false;
  const std::string& n = v.as<RecordObj>().type->name;
  return n == "_GenericAlias" || n == "_SpecialForm" || n == "UnionType" || n == "TypeVar";
}

// A union member as CPython's UnionType repr writes it: builtins by name,
// user classes as module.qualname, aliases as they print.
std::string union_member_text(Interpreter& ip, const Value& v) {
  if (v.is(ObjKind::Builtin) && v.as<BuiltinObj>().type_tag == "NoneType") return "None";
  return type_text(ip, v);
}

const RecordType& union_type() {
  static const RecordType t = [] {
    RecordType r;
    r.name = "UnionType";
    // int | str == str | int: the same members in any order.
    r.equals = [](const RecordObj& x, const RecordObj& y) {
      const Values& a = x.get("__args__").as<TupleObj>().items;
      const Values& b = y.get("__args__").as<TupleObj>().items;
      if (a.size() != b.size()) return false;
      for (const Value& m : a) {
        bool found = false;
        for (const Value& n : b) found = found || m.identical(n);
        if (!found) return false;
      }
      return true;
    };
    r.repr = [](const RecordObj& rec, Interpreter& ip) {
      std::string out;
      for (const Value& m : rec.get("__args__").as<TupleObj>().items)
        out += (out.empty() ? "" : " | ") + union_member_text(ip, m);
      return out;
    };
    return r;
  }();
  return t;
}

// A union's members, flattened and without repeats (int | str | int).
void add_union_members(const Value& v, Values& members) {
  if (v.is(ObjKind::Record) && v.as<RecordObj>().type == &union_type()) {
    for (const Value& m : v.as<RecordObj>().get("__args__").as<TupleObj>().items) add_union_members(m, members);
    return;
  }
  Value member = v.is_none() ? builtin_type_object("NoneType") : v;  // as CPython's __args__
  for (const Value& m : members)
    if (m.identical(member)) return;
  members.push_back(member);
}

}  // namespace

bool type_union(const Value& a, const Value& b, Value& out) {
  if (!is_type_form(a) || !is_type_form(b)) return false;
  Values members;
  add_union_members(a, members);
  add_union_members(b, members);
  auto r = std::make_shared<RecordObj>(&union_type());
  r->set("__args__", make_tuple(members));
  out = Value::object(r);
  return true;
}

bool union_members(const Value& v, Values& members) {
  if (!v.is(ObjKind::Record) || v.as<RecordObj>().type != &union_type()) return false;
  members = v.as<RecordObj>().get("__args__").as<TupleObj>().items;
  return true;
}

Value generic_alias(Interpreter& ip, const Value& origin, const Value& args) {
  return make_alias(type_text(ip, origin), args);
}

namespace {
// TypedDict: classes whose instances are plain dicts (calling one builds a
// dict, as at run time in CPython); class hooks (classes.h) answer the call
// and record the keys when a subclass is created.
const char* const kTypedDictSource = R"PY(
class _TypedDictHooks:
    def __call__(self, cls, *args, **kwargs):
        if cls is TypedDict:
            return _functional(*args, **kwargs)
        return dict(*args, **kwargs)

    def __class_created__(self, cls):
        if cls.__dict__.get("_is_typeddict_root"):
            return
        own = cls.__dict__.get("__annotations__", {})
        total = cls.__dict__.get("__total__", True)
        annotations, required, optional = {}, set(), set()
        for base in reversed(cls.__mro__[1:]):
            if not getattr(base, "_is_typeddict", False):
                continue
            annotations.update(base.__dict__.get("__annotations__", {}))
            required |= base.__dict__.get("__required_keys__", frozenset())
            optional |= base.__dict__.get("__optional_keys__", frozenset())
        annotations.update(own)
        for key in own:
            (required if total else optional).add(key)
        cls.__annotations__ = annotations
        cls.__required_keys__ = frozenset(required)
        cls.__optional_keys__ = frozenset(optional)
        cls.__total__ = total


def _functional(typename, fields=None, /, *, total=True):
    return type(typename, (TypedDict,), {"__annotations__": dict(fields or {}), "__total__": total})


class TypedDict:
    __class_hooks__ = _TypedDictHooks()
    _is_typeddict = True
    _is_typeddict_root = True
)PY";
}  // namespace

namespace {
// PEP 695's `type X = value` binds X to one of these (the parser rewrites
// the statement into a call of __rungs_type_alias__ with a thunk).
const char* const kTypeAliasSource = R"PY(
class TypeAliasType:
    def __init__(self, name, evaluate_value):
        self.__name__ = name
        self.__qualname__ = name
        self.__module__ = "__main__"
        self.__type_params__ = ()
        self._evaluate_value = evaluate_value

    @property
    def __value__(self):
        return self._evaluate_value()

    def __repr__(self):
        return self.__name__

    def __getitem__(self, parameters):
        raise TypeError("Only generic type aliases are subscriptable")
)PY";
}  // namespace

Value make_type_alias(Interpreter& ip, const Value& name, const Value& thunk, SourceRange where) {
  Value cls = ip.getattr(ip.import_module("typing._type_alias", where), "TypeAliasType", where);
  return ip.call(cls, {name, thunk}, where);
}

void register_module_typing() {
  register_future();
  Interpreter::register_module("typing._type_alias", [](Interpreter& ip) {
    return ip.define_generated_module("typing._type_alias", kTypeAliasSource, {});
  });
  Interpreter::register_module("typing", [](Interpreter& ip) {
    auto m = new_module("typing");
    def_value(*m, "TypeAliasType", ip.getattr(ip.import_module("typing._type_alias", {}), "TypeAliasType", {}));
    for (const char* name : {"Any", "Optional", "Union", "Callable", "Sequence", "Mapping", "MutableMapping",
                             "Iterable", "Iterator", "Generator", "Tuple", "List", "Dict", "Set", "FrozenSet",
                             "Type", "Literal", "Final", "ClassVar", "Annotated", "Hashable", "Sized",
                             "Collection", "Container", "NoReturn", "Never", "Self", "TypeAlias", "ParamSpec",
                             "Concatenate", "TypeGuard", "Awaitable", "Coroutine", "AbstractSet", "Deque",
                             "DefaultDict", "OrderedDict", "Counter", "SupportsInt", "SupportsFloat",
                             "SupportsIndex", "Protocol", "Generic", "IO", "Pattern", "Match"})
      def_value(*m, name, special_form(name));
    def_value(*m, "TYPE_CHECKING", Value::boolean(false));
    def_value(*m, "NamedTuple", namedtuple_base());
    Value typed_dict = ip.define_generated_module("typing._typeddict", kTypedDictSource, {});
    def_value(*m, "TypedDict", typed_dict.as<ModuleObj>().attrs.at("TypedDict"));
    // @overload and @final return what they decorate; at run time they only document.
    for (const char* name : {"overload", "final", "no_type_check", "runtime_checkable"})
      def(*m, name, [](Interpreter&, CallArgs& a) { return a.positional.at(0); });
    def_signature(*m, "TypeVar", {"name"}, 1, [](Interpreter&, const Args& a) {
      auto r = std::make_shared<RecordObj>(&type_var_type());
      r->set("__name__", a[0]);
      return Value::object(r);
    }, /*rest=*/true);
    def_signature(*m, "cast", {"typ", "val"}, 2, [](Interpreter&, const Args& a) { return a[1]; });
    def_signature(*m, "overload", {"func"}, 1, [](Interpreter&, const Args& a) { return a[0]; });
    def_signature(*m, "final", {"f"}, 1, [](Interpreter&, const Args& a) { return a[0]; });
    def_signature(*m, "no_type_check", {"arg"}, 1, [](Interpreter&, const Args& a) { return a[0]; });
    def_signature(*m, "assert_type", {"val", "typ"}, 2, [](Interpreter&, const Args& a) { return a[0]; });
    return Value::object(m);
  });
}

}  // namespace rungs::python
