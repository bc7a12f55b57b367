// Python's built-in functions and types, as far as Colab-style kernel
// programs use them. Each is a BuiltinObj; the types among them (int, list,
// ...) carry a type tag so isinstance works.
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/array/memory_budget.h"
#include "core/python/classes.h"
#include "core/python/array_protocol.h"
#include "core/python/builtins_parts.h"
#include "core/python/exceptions.h"
#include "core/python/namespaces.h"
#include "core/python/modules.h"
#include "core/python/generators.h"
#include "core/python/int_value.h"
#include "core/python/interpreter.h"
#include "core/python/iteration.h"
#include "core/python/library_iterators.h"
#include "core/python/mapping_update.h"
#include "core/python/operators.h"
#include "core/python/set_ops.h"
#include "core/python/str_case.h"
#include "core/python/str_format.h"
#include "core/python/value_ops.h"
#include "core/python/utf8.h"

namespace rungs::python {

namespace {

}  // namespace

void arity(const CallArgs& a, size_t lo, size_t hi, const char* name) {
  size_t n = a.positional.size();
  if (n < lo) raise(ErrorId::builtin_expected_at_least, a.where, name, lo, lo == 1 ? "" : "s", n);
  if (n > hi) raise(ErrorId::builtin_expected_at_most, a.where, name, hi, hi == 1 ? "" : "s", n);
}

Value builtin_type_object(const std::string& name) {
  // The built-in type object itself, so `type(1) is int` holds.
  const auto& table = builtins_table();
  auto it = table.find(name);
  if (it != table.end() && it->second.is(ObjKind::Builtin) && it->second.as<BuiltinObj>().type_tag == name)
    return it->second;
  // Immutable and interpreter-independent, so shared by every run.
  static std::unordered_map<std::string, Value> others;
  auto [slot, fresh] = others.try_emplace(name);
  if (fresh)
    slot->second = Value::object(std::make_shared<BuiltinObj>(name, [](Interpreter&, CallArgs&) { return Value::none(); }, name));
  return slot->second;
}

namespace {

bool isinstance_of(Interpreter& interp, const Value& v, const Value& type, SourceRange where) {
  if (type.is(ObjKind::Tuple)) {
    for (const Value& t : type.as<TupleObj>().items)
      if (isinstance_of(interp, v, t, where)) return true;
    return false;
  }
  if (type.is(ObjKind::Class)) return class_isinstance(v, type.as<ClassObj>());
  if (array_protocol().isinstance)  // NumPy's types (np.float64, np.integer, ...)
    if (auto r = array_protocol().isinstance(interp, v, type)) return *r;
  Values members;  // isinstance(x, int | None)
  if (union_members(type, members)) {
    for (const Value& t : members)
      if (isinstance_of(interp, v, t, where)) return true;
    return false;
  }
  if (!type.is(ObjKind::Builtin) || type.as<BuiltinObj>().type_tag.empty())
    raise(ErrorId::isinstance_arg2, where);
  const std::string& tag = type.as<BuiltinObj>().type_tag;
  if (tag.rfind("exc:", 0) == 0) {
    if (!v.is(ObjKind::Exception)) return false;
    const auto& e = v.as<ExceptionObj>();
    return exception_is_subclass(e.cls ? e.cls->exc_base : e.type, tag.substr(4));
  }
  if (tag == "type" && v.is(ObjKind::Class)) return true;
  if (tag == "object") return true;
  if (tag == "int") return is_integer(v);
  // np.float64 subclasses float (NumPy's other scalars subclass nothing).
  if (tag == "float") return v.is_float() || (v.is(ObjKind::Array) && type_name(v) == "numpy.float64");
  if (tag == "bool") return v.is_bool();
  if (tag == "NoneType") return v.is_none();
  if (tag == "jax.Array") {  // NumPy arrays and scalars are not jax.Arrays
    if (!v.is(ObjKind::Array)) return false;
    const std::string n = type_name(v);
    return n.rfind("numpy.", 0) != 0 && n.rfind("ml_dtypes.", 0) != 0;
  }
  if (tag == "type") return v.is(ObjKind::Builtin) && !v.as<BuiltinObj>().type_tag.empty();
  if (v.is(ObjKind::Record)) return v.as<RecordObj>().type->name == tag;
  if (tag == "tuple") return v.is(ObjKind::Tuple);  // named tuples too
  return type_name(v) == tag;
}

Value min_max(Interpreter& interp, CallArgs& a, bool is_max) {
  const char* name = is_max ? "max" : "min";
  if (a.positional.empty()) raise(ErrorId::builtin_expected_at_least, a.where, name, 1, "", 0);
  Values items = a.positional.size() == 1 ? interp.iterate(a.positional[0]) : a.positional;
  const Value* key = a.keyword("key");
  if (key && key->is_none()) key = nullptr;  // key=None means no key, as in CPython
  const Value* dflt = a.keyword("default");
  if (items.empty()) {
    if (dflt) return *dflt;
    raise(ErrorId::empty_sequence_arg, a.where, name);
  }
  Value best = items[0];
  Value best_key = key ? interp.call(*key, Values{best}, a.where) : best;
  for (size_t i = 1; i < items.size(); ++i) {
    Value k = key ? interp.call(*key, Values{items[i]}, a.where) : items[i];
    bool better = is_max ? py_less(interp, best_key, k, a.where) : py_less(interp, k, best_key, a.where);
    if (better) {
      best = items[i];
      best_key = k;
    }
  }
  return best;
}

std::unordered_map<std::string, Value> make_builtins() {
  std::unordered_map<std::string, Value> t;
  auto def = [&t](const std::string& name, BuiltinFn fn, const std::string& tag = "") {
    t[name] = Value::object(std::make_shared<BuiltinObj>(name, std::move(fn), tag));
  };

  def("print", [](Interpreter& ip, CallArgs& a) {
    std::string sep = " ", end = "\n";
    if (const Value* s = a.keyword("sep"); s && !s->is_none()) sep = ip.str(*s);
    if (const Value* e = a.keyword("end"); e && !e->is_none()) end = ip.str(*e);
    std::string line;
    for (size_t i = 0; i < a.positional.size(); ++i) {
      if (i) line += sep;
      line += ip.str(a.positional[i]);
    }
    ip.write_stdout(line + end);
    return Value::none();
  });
  def("repr", [](Interpreter& ip, CallArgs& a) {
    arity(a, 1, 1, "repr");
    return make_str(ip.repr(a.positional[0]));
  });
  // ascii(x): repr(x) with every non-ASCII code point escaped.
  def("ascii", [](Interpreter& ip, CallArgs& a) {
    arity(a, 1, 1, "ascii");
    return make_str(ascii_escape(ip.repr(a.positional[0])));
  });
  // format(value, format_spec=''): value.__format__(format_spec)
  def("format", [](Interpreter& ip, CallArgs& a) {
    arity(a, 1, 2, "format");
    std::string spec;
    if (a.positional.size() > 1) {
      if (!a.positional[1].is(ObjKind::Str))
        raise(ErrorId::builtin_arg_type, a.where, "format", 2, "str", type_name(a.positional[1]));
      spec = a.positional[1].as<StrObj>().s;
    }
    return make_str(format_value(ip, a.positional[0], spec, a.where));
  });
  def("len", [](Interpreter& ip, CallArgs& a) {
    arity(a, 1, 1, "len");
    const Value& v = a.positional[0];
    if (v.is(ObjKind::Str)) return Value::integer(utf8::length(v.as<StrObj>().s));
    if (v.is(ObjKind::List)) return Value::integer(static_cast<int64_t>(v.as<ListObj>().items.size()));
    if (v.is(ObjKind::Tuple)) return Value::integer(static_cast<int64_t>(v.as<TupleObj>().items.size()));
    if (v.is(ObjKind::Dict)) return Value::integer(static_cast<int64_t>(v.as<DictObj>().entries.size()));
    if (v.is(ObjKind::Set)) return Value::integer(static_cast<int64_t>(v.as<SetObj>().items.size()));
    if (v.is(ObjKind::Range)) return Value::integer(v.as<RangeObj>().length());
    if (v.is(ObjKind::Array) || v.is(ObjKind::Ref)) return array_protocol().len(ip, v, a.where);
    Value n;
    if (call_dunder(ip, v, "__len__", {}, n, a.where)) {
      if (!is_int_like(n)) raise(ErrorId::len_returned_non_int, a.where, type_name(n));
      if (n.as_int() < 0) raise(ErrorId::len_negative, a.where);
      return Value::integer(n.as_int());
    }
    raise(ErrorId::len_unsized, a.where, type_name(v));
  });
  def("min", [](Interpreter& ip, CallArgs& a) { return min_max(ip, a, false); });
  def("max", [](Interpreter& ip, CallArgs& a) { return min_max(ip, a, true); });
  def("sum", [](Interpreter& ip, CallArgs& a) {
    arity(a, 1, 2, "sum");
    Value total = a.positional.size() > 1 ? a.positional[1] : Value::integer(0);
    if (const Value* s = a.keyword("start")) total = *s;
    if (total.is(ObjKind::Str)) raise(ErrorId::sum_str, a.where);
    for (const Value& v : ip.iterate(a.positional[0]))
      total = binary_op(ip, lang::BinOpKind::Add, total, v, a.where, false);
    return total;
  });
  // The target of the parser's rewrite of `type X = value` (PEP 695).
  def("__rungs_type_alias__", [](Interpreter& ip, CallArgs& a) {
    arity(a, 2, 2, "__rungs_type_alias__");
    return make_type_alias(ip, a.positional[0], a.positional[1], a.where);
  });
  def("isinstance", [](Interpreter& ip, CallArgs& a) {
    arity(a, 2, 2, "isinstance");
    return Value::boolean(isinstance_of(ip, a.positional[0], a.positional[1], a.where));
  });
  def("callable", [](Interpreter&, CallArgs& a) {
    arity(a, 1, 1, "callable");
    const Value& v = a.positional[0];
    bool c = v.is(ObjKind::Function) || v.is(ObjKind::Builtin) || v.is(ObjKind::Class) ||
             v.is(ObjKind::BoundMethod) || (v.is(ObjKind::Record) && v.as<RecordObj>().type->call) ||
             (v.is(ObjKind::Instance) && v.as<InstanceObj>().cls->lookup("__call__"));
    return Value::boolean(c);
  });
  def("hasattr", [](Interpreter& ip, CallArgs& a) {
    arity(a, 2, 2, "hasattr");
    if (!a.positional[1].is(ObjKind::Str)) raise(ErrorId::getattr_name_type, a.where, type_name(a.positional[1]));
    try {
      ip.getattr(a.positional[0], a.positional[1].as<StrObj>().s, a.where);
      return Value::boolean(true);
    } catch (EngineError& e) {
      if (e.type != "AttributeError") throw;
      return Value::boolean(false);
    }
  });
  def("getattr", [](Interpreter& ip, CallArgs& a) {
    arity(a, 2, 3, "getattr");
    if (!a.positional[1].is(ObjKind::Str)) raise(ErrorId::getattr_name_type, a.where, type_name(a.positional[1]));
    try {
      return ip.getattr(a.positional[0], a.positional[1].as<StrObj>().s, a.where);
    } catch (EngineError& e) {
      if (e.type != "AttributeError" || a.positional.size() < 3) throw;
      return a.positional[2];
    }
  });
  def("setattr", [](Interpreter& ip, CallArgs& a) {
    arity(a, 3, 3, "setattr");
    if (!a.positional[1].is(ObjKind::Str)) raise(ErrorId::getattr_name_type, a.where, type_name(a.positional[1]));
    ip.setattr(a.positional[0], a.positional[1].as<StrObj>().s, a.positional[2], a.where);
    return Value::none();
  });
  def("delattr", [](Interpreter& ip, CallArgs& a) {
    arity(a, 2, 2, "delattr");
    if (!a.positional[1].is(ObjKind::Str)) raise(ErrorId::getattr_name_type, a.where, type_name(a.positional[1]));
    delete_attribute(ip, a.positional[0], a.positional[1].as<StrObj>().s, a.where);
    return Value::none();
  });
  // Called by name, the evaluator answers for the calling scope
  // (namespaces.h); reached another way (an alias), they see __main__.
  def("globals", [](Interpreter& ip, CallArgs& a) {
    if (!a.positional.empty() || !a.keywords.empty()) raise(ErrorId::time_no_arguments, a.where, "globals", a.positional.size() + a.keywords.size());
    return namespace_view(ip, ip.globals(), false);
  });
  def("locals", [](Interpreter& ip, CallArgs& a) {
    if (!a.positional.empty() || !a.keywords.empty()) raise(ErrorId::time_no_arguments, a.where, "locals", a.positional.size() + a.keywords.size());
    return namespace_view(ip, ip.globals(), true);
  });
  def("vars", [](Interpreter& ip, CallArgs& a) {
    arity(a, 1, 1, "vars");
    if (auto cls = user_class_of(a.positional[0]); cls && cls->slots && a.positional[0].is(ObjKind::Instance))
      raise(ErrorId::vars_no_dict, a.where);
    return ip.getattr(a.positional[0], "__dict__", a.where);
  });
  add_numeric_builtins([&def](const std::string& name, BuiltinFn fn, const std::string& tag) { def(name, std::move(fn), tag); });
  add_iteration_builtins([&def](const std::string& name, BuiltinFn fn, const std::string& tag) { def(name, std::move(fn), tag); });
  def("chr", [](Interpreter&, CallArgs& a) {
    arity(a, 1, 1, "chr");
    int64_t c = to_index(a.positional[0], a.where);
    if (c < 0 || c > 0x10FFFF) raise(ErrorId::chr_range, a.where);
    std::string s;
    if (c < 0x80) s += static_cast<char>(c);
    else if (c < 0x800) { s += static_cast<char>(0xC0 | (c >> 6)); s += static_cast<char>(0x80 | (c & 0x3F)); }
    else if (c < 0x10000) { s += static_cast<char>(0xE0 | (c >> 12)); s += static_cast<char>(0x80 | ((c >> 6) & 0x3F)); s += static_cast<char>(0x80 | (c & 0x3F)); }
    else { s += static_cast<char>(0xF0 | (c >> 18)); s += static_cast<char>(0x80 | ((c >> 12) & 0x3F)); s += static_cast<char>(0x80 | ((c >> 6) & 0x3F)); s += static_cast<char>(0x80 | (c & 0x3F)); }
    return make_str(s);
  });
  def("ord", [](Interpreter&, CallArgs& a) {
    arity(a, 1, 1, "ord");
    if (!a.positional[0].is(ObjKind::Str)) raise(ErrorId::builtin_arg_type, a.where, "ord", 1, "str", type_name(a.positional[0]));
    const std::string& s = a.positional[0].as<StrObj>().s;
    if (s.empty() || (s.size() > 1 && static_cast<unsigned char>(s[0]) < 0x80)) raise(ErrorId::ord_arg, a.where, s.size());
    unsigned char c0 = static_cast<unsigned char>(s[0]);
    if (c0 < 0x80) return Value::integer(c0);
    int64_t cp = c0 >= 0xF0 ? c0 & 0x07 : c0 >= 0xE0 ? c0 & 0x0F : c0 & 0x1F;
    for (size_t i = 1; i < s.size(); ++i) cp = (cp << 6) | (static_cast<unsigned char>(s[i]) & 0x3F);
    return Value::integer(cp);
  });
  // Running code from strings is outside the subset: a located refusal that
  // names the builtin, never a NameError for valid Python.
  for (const char* name : {"exec", "eval", "compile"}) {
    std::string n = name;
    def(name, [n](Interpreter&, CallArgs& a) -> Value { raise(ErrorId::unsupported_feature, a.where, n + "()"); });
  }
  def("id", [](Interpreter&, CallArgs& a) {
    arity(a, 1, 1, "id");
    const Value& v = a.positional[0];
    return Value::integer(v.is_obj() ? static_cast<int64_t>(reinterpret_cast<intptr_t>(v.obj()) & 0xffffffff) : v.as_int());
  });

  // ---- types ----
  def("bool", [](Interpreter& ip, CallArgs& a) {
    arity(a, 0, 1, "bool");
    return Value::boolean(!a.positional.empty() && ip.truthy(a.positional[0]));
  }, "bool");
  def("str", [](Interpreter& ip, CallArgs& a) {
    arity(a, 0, 1, "str");
    return make_str(a.positional.empty() ? "" : ip.str(a.positional[0]));
  }, "str");
  def("tuple", [](Interpreter& ip, CallArgs& a) {
    arity(a, 0, 1, "tuple");
    return make_tuple(a.positional.empty() ? Values{} : ip.iterate(a.positional[0]));
  }, "tuple");
  def("list", [](Interpreter& ip, CallArgs& a) {
    arity(a, 0, 1, "list");
    return make_list(a.positional.empty() ? Values{} : ip.iterate(a.positional[0]));
  }, "list");
  def("set", [](Interpreter& ip, CallArgs& a) {
    arity(a, 0, 1, "set");
    auto s = std::make_shared<SetObj>();
    if (!a.positional.empty()) set_update_from(ip, *s, a.positional[0]);
    return Value::object(s);
  }, "set");
  def("frozenset", [](Interpreter& ip, CallArgs& a) {
    arity(a, 0, 1, "frozenset");
    auto s = std::make_shared<SetObj>();
    if (!a.positional.empty()) set_update_from(ip, *s, a.positional[0]);
    s->frozen = true;
    return Value::object(s);
  }, "frozenset");
  // Binary data is outside the subset. The names exist, so library code's
  // `isinstance(x, (str, bytes))` works (nothing is ever bytes); making one
  // is refused where it happens.
  for (const char* binary : {"bytes", "bytearray", "memoryview"})
    def(binary, [binary](Interpreter&, CallArgs& a) -> Value {
      raise(ErrorId::unsupported_feature, a.where, std::string(binary) + "()");
    }, binary);
  // What the parser puts in place of an `async for`/`async with` (its range
  // is the `async` keyword): outside the subset, refused when it runs.
  def("__rungs_refuse_async__", [](Interpreter&, CallArgs& a) -> Value {
    raise(ErrorId::unsupported_async, a.where);
  });
  def("dict", [](Interpreter& ip, CallArgs& a) {
    arity(a, 0, 1, "dict");
    auto d = std::make_shared<DictObj>();
    if (!a.positional.empty()) update_dict_from(ip, *d, a.positional[0], a.where);
    for (const auto& [k, v] : a.keywords) d->set(make_str(k), v);
    return Value::object(d);
  }, "dict");
  // dict.fromkeys(iterable, value=None): keys in the iterable's order (a
  // set's is CPython's table order).
  t["dict"].as<BuiltinObj>().attrs["fromkeys"] = make_builtin("dict.fromkeys", [](Interpreter& ip, CallArgs& a) {
    arity(a, 1, 2, "fromkeys");
    auto d = std::make_shared<DictObj>();
    Value fill = a.positional.size() > 1 ? a.positional[1] : Value::none();
    for (const Value& k : ip.iterate(a.positional[0])) d->set(k, fill);
    return Value::object(d);
  });
  def("slice", [](Interpreter&, CallArgs& a) {
    arity(a, 1, 3, "slice");
    if (a.positional.size() == 1)
      return Value::object(std::make_shared<SliceObj>(Value(), a.positional[0], Value()));
    return Value::object(std::make_shared<SliceObj>(a.positional[0], a.positional[1],
                                                    a.positional.size() > 2 ? a.positional[2] : Value()));
  }, "slice");
  // object(): a featureless instance, equal only to itself (sentinels).
  def("object", [](Interpreter&, CallArgs& a) {
    if (!a.positional.empty() || !a.keywords.empty()) raise(ErrorId::class_takes_no_arguments, a.where, "object");
    static const RecordType type = [] {
      RecordType t;
      t.name = "object";
      t.repr = [](const RecordObj& r, Interpreter&) {
        char buf[48];
        std::snprintf(buf, sizeof buf, "<object object at 0x7e%010llx>",
                      static_cast<unsigned long long>(0x1000 + r.get("serial").as_int() * 16));
        return std::string(buf);
      };
      t.equals = [](const RecordObj& x, const RecordObj& y) { return &x == &y; };
      return t;
    }();
    static int64_t serial = 0;
    auto r = std::make_shared<RecordObj>(&type);
    r->set("serial", Value::integer(++serial));
    return Value::object(r);
  }, "object");
  def("type", [](Interpreter& ip, CallArgs& a) {
    if (a.positional.size() == 3) return type_new(ip, a);
    if (a.positional.size() != 1) raise(ErrorId::type_one_or_three_args, a.where);
    if (a.positional[0].is(ObjKind::Array) && array_protocol().type_object)
      if (auto t = array_protocol().type_object(ip, a.positional[0])) return *t;
    if (auto cls = user_class_of(a.positional[0])) return cls->value();
    if (auto cls = tuple_class_of(a.positional[0])) return cls->value();
    // A built-in exception's class is the object its name is bound to, so
    // issubclass(type(AssertionError()), AssertionError) holds before it is raised too.
    if (a.positional[0].is(ObjKind::Exception) && is_exception_class(a.positional[0].as<ExceptionObj>().type)) {
      const std::string& name = a.positional[0].as<ExceptionObj>().type;
      auto it = builtins_table().find(name);
      return it != builtins_table().end() ? it->second : exception_class(name);
    }
    return builtin_type_object(type_name(a.positional[0]));
  }, "type");

  for (const char* exc : {"BaseException", "Exception", "ArithmeticError", "ZeroDivisionError",
                          "OverflowError", "FloatingPointError", "AssertionError", "AttributeError",
                          "LookupError", "IndexError", "KeyError", "NameError", "UnboundLocalError",
                          "RuntimeError", "NotImplementedError", "RecursionError", "TypeError",
                          "ValueError", "ImportError", "ModuleNotFoundError", "StopIteration", "GeneratorExit",
                          "MemoryError", "SyntaxError", "KeyboardInterrupt", "SystemExit", "Warning",
                          "UserWarning", "DeprecationWarning", "PendingDeprecationWarning", "FutureWarning",
                          "RuntimeWarning", "SyntaxWarning", "OSError", "FileNotFoundError", "FileExistsError",
                          "PermissionError", "IsADirectoryError", "TimeoutError", "EOFError", "UnicodeError",
                          "UnicodeDecodeError", "UnicodeEncodeError"})
    t[exc] = exception_class(exc);
  t["None"] = Value::none();
  t["Ellipsis"] = ellipsis_value();
  t["NotImplemented"] = make_builtin("NotImplemented", [](Interpreter&, CallArgs& a) -> Value {
    raise(ErrorId::not_callable, a.where, "NotImplementedType");
  });
  add_class_builtins(t);
  def("issubclass", [](Interpreter&, CallArgs& a) {
    arity(a, 2, 2, "issubclass");
    const Value& c = a.positional[0];
    if (!c.is(ObjKind::Class) && !(c.is(ObjKind::Builtin) && !c.as<BuiltinObj>().type_tag.empty()))
      raise(ErrorId::issubclass_arg1, a.where);
    Values types = a.positional[1].is(ObjKind::Tuple) ? a.positional[1].as<TupleObj>().items : Values{a.positional[1]};
    for (const Value& t : types) {
      if (t.is(ObjKind::Class)) {
        if (c.is(ObjKind::Class) && c.as<ClassObj>().derives_from(&t.as<ClassObj>())) return Value::boolean(true);
        continue;
      }
      if (!t.is(ObjKind::Builtin) || t.as<BuiltinObj>().type_tag.empty()) raise(ErrorId::issubclass_arg2, a.where);
      const std::string& tag = t.as<BuiltinObj>().type_tag;
      if (tag == "object") return Value::boolean(true);
      std::string mine = c.is(ObjKind::Class) ? "exc:" + c.as<ClassObj>().exc_base : c.as<BuiltinObj>().type_tag;
      if (mine == tag || (mine == "bool" && tag == "int")) return Value::boolean(true);
      if (mine.rfind("exc:", 0) == 0 && tag.rfind("exc:", 0) == 0 && mine.size() > 4 &&
          exception_is_subclass(mine.substr(4), tag.substr(4)))
        return Value::boolean(true);
    }
    return Value::boolean(false);
  }, "");
  t["__name__"] = make_str("__main__");
  return t;
}

}  // namespace

const std::unordered_map<std::string, Value>& builtins_table() {
  // Built on first use, often inside a run: its arrays get a budget scope of
  // their own, so they are not charged to that run's memory limit.
  static const std::unordered_map<std::string, Value> table = [] {
    array::ScopedMemoryBudget process_lifetime(array::kDefaultMemoryLimitBytes, array::kDefaultMaxElements);
    return make_builtins();
  }();
  return table;
}

}  // namespace rungs::python
