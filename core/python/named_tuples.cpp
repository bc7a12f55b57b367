// Named tuple classes (see named_tuples.h). Their __new__, _replace, _asdict,
// _make and __repr__ are Python functions compiled from generated source, as
// CPython's collections.namedtuple builds them, so argument errors read
// exactly as CPython's ("P.__new__() missing 1 required positional argument:
// 'y'"); the work each does is a small builtin it calls.
#include "core/python/named_tuples.h"

#include <unordered_map>

#include "core/python/args.h"
#include "core/python/interpreter.h"
#include "core/python/value_ops.h"

namespace rungs::python {

namespace {

std::shared_ptr<ClassObj> class_ptr(const Value& cls) {
  return std::static_pointer_cast<ClassObj>(cls.obj_ptr());
}

const TupleObj& tuple_of(const Value& v) { return v.as<TupleObj>(); }

bool valid_identifier(const std::string& s) {
  if (s.empty() || (s[0] >= '0' && s[0] <= '9')) return false;
  for (unsigned char c : s) {
    if (!(c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c >= 0x80))
      return false;
  }
  return true;
}

// The field getters: a property per field reading its position.
Value field_property(size_t index) {
  Value getter = make_builtin("_tuplegetter", [index](Interpreter&, CallArgs& a) {
    return tuple_of(a.positional.at(0)).items.at(index);
  });
  return Value::object(std::make_shared<DescriptorObj>(DescriptorObj::Kind::Property, getter));
}

Value replace_helper() {
  return make_builtin("_replace", [](Interpreter& ip, CallArgs& a) {
    const Value& self = a.positional.at(0);
    auto cls = tuple_class_of(self);
    Values items = tuple_of(self).items;
    Values unexpected;
    for (const auto& [key, value] : a.positional.at(1).as<DictObj>().entries) {
      const std::string& name = key.as<StrObj>().s;
      bool found = false;
      for (size_t i = 0; i < cls->tuple_fields.size() && !found; ++i) {
        if (cls->tuple_fields[i] == name) items[i] = value, found = true;
      }
      if (!found) unexpected.push_back(key);
    }
    if (!unexpected.empty()) raise(ErrorId::namedtuple_unexpected_fields, a.where, ip.repr(make_list(unexpected)));
    return make_named_tuple(cls, std::move(items));
  });
}

Value asdict_helper() {
  return make_builtin("_asdict", [](Interpreter&, CallArgs& a) {
    const Value& self = a.positional.at(0);
    auto cls = tuple_class_of(self);
    auto d = std::make_shared<DictObj>();
    for (size_t i = 0; i < cls->tuple_fields.size(); ++i) d->set(make_str(cls->tuple_fields[i]), tuple_of(self).items[i]);
    return Value::object(d);
  });
}

Value make_helper() {
  return make_builtin("_make", [](Interpreter& ip, CallArgs& a) {
    auto cls = class_ptr(a.positional.at(0));
    Values items = ip.iterate(a.positional.at(1));
    if (items.size() != cls->tuple_fields.size())
      raise(ErrorId::namedtuple_make_length, a.where, cls->tuple_fields.size(), items.size());
    return make_named_tuple(cls, std::move(items));
  });
}

Value repr_helper() {
  return make_builtin("__repr__", [](Interpreter& ip, CallArgs& a) {
    const Value& self = a.positional.at(0);
    auto cls = tuple_class_of(self);
    std::string out = cls->name + "(";
    for (size_t i = 0; i < cls->tuple_fields.size(); ++i) {
      if (i) out += ", ";
      out += cls->tuple_fields[i] + "=" + ip.repr(tuple_of(self).items[i]);
    }
    return make_str(out + ")");
  });
}

Value build_helper() {
  return make_builtin("__new__", [](Interpreter&, CallArgs& a) {
    return make_named_tuple(class_ptr(a.positional.at(0)), tuple_of(a.positional.at(1)).items);
  });
}

// def __new__(_cls, x, y=_d1): return _build(_cls, (x, y))   and friends.
void install_methods(Interpreter& ip, ClassObj& cls, const Values& defaults) {
  const auto& fields = cls.tuple_fields;
  std::unordered_map<std::string, Value> names = {
      {"_build", build_helper()}, {"_replace_impl", replace_helper()}, {"_asdict_impl", asdict_helper()},
      {"_make_impl", make_helper()}, {"_repr_impl", repr_helper()}};
  std::string params, tuple;
  size_t first_default = fields.size() - defaults.size();
  for (size_t i = 0; i < fields.size(); ++i) {
    params += ", " + fields[i];
    if (i >= first_default) {
      std::string d = "_d" + std::to_string(i);
      names[d] = defaults[i - first_default];
      params += "=" + d;
    }
    tuple += fields[i] + ", ";
  }
  auto define = [&](const std::string& source, const std::string& name) {
    return ip.define_generated_function(source, name, cls.name + "." + name, names);
  };
  auto set = [&](const std::string& name, Value v) { cls.dict->set(make_str(name), std::move(v)); };
  set("__new__", define("def __new__(_cls" + params + "):\n    return _build(_cls, (" + tuple + "))\n", "__new__"));
  set("_replace", define("def _replace(self, /, **kwds):\n    return _replace_impl(self, kwds)\n", "_replace"));
  set("_asdict", define("def _asdict(self):\n    return _asdict_impl(self)\n", "_asdict"));
  set("__repr__", define("def __repr__(self):\n    return _repr_impl(self)\n", "__repr__"));
  Value make = define("def _make(cls, iterable):\n    return _make_impl(cls, iterable)\n", "_make");
  set("_make", Value::object(std::make_shared<DescriptorObj>(DescriptorObj::Kind::Class, make)));
}

// Fields, defaults and accessors on a class object (both spellings end here).
void finish_class(Interpreter& ip, ClassObj& cls, std::vector<std::string> fields, Values defaults) {
  cls.is_tuple_class = true;
  cls.tuple_fields = std::move(fields);
  Values names;
  for (const std::string& f : cls.tuple_fields) names.push_back(make_str(f));
  auto field_defaults = std::make_shared<DictObj>();
  size_t first_default = cls.tuple_fields.size() - defaults.size();
  for (size_t i = 0; i < defaults.size(); ++i) field_defaults->set(names[first_default + i], defaults[i]);
  cls.dict->set(make_str("_fields"), make_tuple(names));
  cls.dict->set(make_str("_field_defaults"), Value::object(field_defaults));
  cls.dict->set(make_str("__match_args__"), make_tuple(names));
  for (size_t i = 0; i < cls.tuple_fields.size(); ++i) cls.dict->set(names[i], field_property(i));
  install_methods(ip, cls, defaults);
}

// NamedTuple("P", [("x", int), ("y", float)]) — the functional form.
Value functional_named_tuple(Interpreter& ip, CallArgs& call) {
  Args a(call, "NamedTuple", {"typename", "fields"}, 1);
  auto cls = std::make_shared<ClassObj>();
  cls->name = cls->qualname = a.str_at(0, "");
  cls->mro = {cls.get()};
  std::vector<std::string> fields;
  if (a.has(1)) {
    for (const Value& pair : ip.iterate(a[1])) {
      Values both = ip.iterate(pair);
      if (both.size() != 2 || !both[0].is(ObjKind::Str)) raise(ErrorId::namedtuple_bad_name, call.where, ip.repr(pair));
      fields.push_back(both[0].as<StrObj>().s);
    }
  }
  finish_class(ip, *cls, fields, {});
  return Value::object(cls);
}

}  // namespace

Value namedtuple_base() {
  static const Value base = Value::object(std::make_shared<BuiltinObj>("NamedTuple", functional_named_tuple));
  return base;
}

bool is_namedtuple_base(const Value& v) { return v.identical(namedtuple_base()); }

std::shared_ptr<ClassObj> tuple_class_of(const Value& v) {
  return v.is(ObjKind::Tuple) ? v.as<TupleObj>().cls : nullptr;
}

Value make_named_tuple(const std::shared_ptr<ClassObj>& cls, Values items) {
  auto t = std::make_shared<TupleObj>(std::move(items));
  t->cls = cls;
  return Value::object(t);
}

void make_namedtuple_class(Interpreter& ip, ClassObj& cls, SourceRange where) {
  std::vector<std::string> fields;
  Values defaults;
  std::vector<std::string> default_names;
  const Value* annotations = cls.dict->find(make_str("__annotations__"));
  if (annotations && annotations->is(ObjKind::Dict)) {
    for (const auto& [key, type] : annotations->as<DictObj>().entries) {
      const std::string& name = key.as<StrObj>().s;
      if (!name.empty() && name[0] == '_') raise(ErrorId::namedtuple_underscore, where, name);
      if (const Value* d = cls.dict->find(key)) {
        defaults.push_back(*d);
        default_names.push_back(name);
      } else if (!default_names.empty()) {
        std::string listed;
        for (const auto& n : default_names) listed += (listed.empty() ? "" : ", ") + n;
        raise(ErrorId::namedtuple_default_order, where, name, default_names.size() > 1 ? "s" : "", listed);
      }
      fields.push_back(name);
    }
  }
  finish_class(ip, cls, fields, defaults);
}

Value namedtuple_function(Interpreter& ip, CallArgs& call) {
  Args a(call, "namedtuple", {"typename", "field_names", "*", "rename", "defaults", "module"}, 2);
  std::string type_name_text = a.str_at(0, "");
  std::vector<std::string> fields;
  if (a[1].is(ObjKind::Str)) {
    std::string text = a[1].as<StrObj>().s, cur;
    for (char c : text + " ") {
      if (c == ',' || c == ' ') {
        if (!cur.empty()) fields.push_back(cur);
        cur.clear();
      } else {
        cur += c;
      }
    }
  } else {
    for (const Value& f : ip.iterate(a[1])) fields.push_back(ip.str(f));
  }
  for (const std::string& n : std::vector<std::string>{type_name_text}) {
    if (!valid_identifier(n)) raise(ErrorId::namedtuple_bad_name, call.where, n);
  }
  for (size_t i = 0; i < fields.size(); ++i) {
    if (!valid_identifier(fields[i])) raise(ErrorId::namedtuple_bad_name, call.where, fields[i]);
    if (fields[i][0] == '_') raise(ErrorId::namedtuple_underscore, call.where, fields[i]);
    for (size_t j = 0; j < i; ++j) {
      if (fields[j] == fields[i]) raise(ErrorId::namedtuple_duplicate, call.where, fields[i]);
    }
  }
  Values defaults = a.has(3) && !a[3].is_none() ? ip.iterate(a[3]) : Values{};  // (Args drops the "*")
  if (defaults.size() > fields.size()) raise(ErrorId::namedtuple_too_many_defaults, call.where);
  auto cls = std::make_shared<ClassObj>();
  cls->name = cls->qualname = type_name_text;
  cls->mro = {cls.get()};
  finish_class(ip, *cls, fields, defaults);
  return Value::object(cls);
}

}  // namespace rungs::python
