// repr(), str() and truth values of host values, as CPython prints them.
#include <cstdio>
#include <optional>
#include <vector>

#include "core/python/int_value.h"

#include "core/array/format.h"
#include "core/python/classes.h"
#include "core/python/array_protocol.h"
#include "core/python/interpreter.h"
#include "core/python/nesting.h"
#include "core/lang/unicode.h"
#include "core/python/str_format.h"
#include "core/python/value_ops.h"

namespace rungs::python {

namespace {
std::string quote(const std::string& s) {
  // Python prefers single quotes unless the text has a single quote and no
  // double quote.
  bool has_single = s.find('\'') != std::string::npos;
  bool has_double = s.find('"') != std::string::npos;
  char q = (has_single && !has_double) ? '"' : '\'';
  std::string out(1, q);
  for (char32_t c : lang::code_points(s)) {
    switch (c) {
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c == static_cast<char32_t>(q)) {
          out += '\\';
          out += q;
        } else if (!lang::is_printable(c)) {  // controls, separators, format characters
          out += lang::python_escape(c);
        } else {
          lang::append_utf8(out, c);
        }
    }
  }
  return out + q;
}

// The containers whose repr is being built on this thread (CPython's
// Py_ReprEnter), so a list that contains itself is printed once.
class ReprEnter {
 public:
  explicit ReprEnter(const Object* obj) {
    for (const Object* o : stack()) recursive_ = recursive_ || o == obj;
    if (!recursive_) stack().push_back(obj);
  }
  ~ReprEnter() {
    if (!recursive_) stack().pop_back();
  }
  ReprEnter(const ReprEnter&) = delete;
  ReprEnter& operator=(const ReprEnter&) = delete;
  bool recursive() const { return recursive_; }

 private:
  static std::vector<const Object*>& stack() {
    thread_local std::vector<const Object*> s;
    return s;
  }
  bool recursive_ = false;
};

bool holds_values(ObjKind k) {
  switch (k) {
    case ObjKind::Tuple:
    case ObjKind::List:
    case ObjKind::Set:
    case ObjKind::Dict:
    case ObjKind::Slice:
    case ObjKind::Record:
    case ObjKind::Exception:
    case ObjKind::Instance: return true;
    default: return false;
  }
}

std::string join_reprs(Interpreter& interp, const Values& items) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out += ", ";
    out += interp.repr(items[i]);
  }
  return out;
}
}  // namespace

std::string Interpreter::repr(const Value& v) {
  tick();
  switch (v.tag()) {
    case Value::Tag::None: return "None";
    case Value::Tag::Bool: return v.as_bool() ? "True" : "False";
    case Value::Tag::Int: return std::to_string(v.as_int());
    case Value::Tag::Float: return py_float_repr(v.as_float());
    case Value::Tag::Obj: break;
  }
  // A container inside itself prints as [...] / {...}, as in CPython; deep
  // nesting ends in RecursionError rather than a native stack overflow.
  std::optional<NestingGuard> guard;
  std::optional<ReprEnter> enter;
  if (user_class_of(v) || tuple_class_of(v) || v.is(ObjKind::Class)) {  // a class: its hooks' __repr__
    guard.emplace(ErrorId::repr_too_deep);
    Value out;
    if (call_dunder(*this, v, "__repr__", {}, out, current_range_)) {
      if (!out.is(ObjKind::Str)) raise(ErrorId::repr_returned_non_string, current_range_, "__repr__", type_name(out));
      return out.as<StrObj>().s;
    }
  }
  if (holds_values(v.obj()->kind) && !v.is(ObjKind::Instance)) {
    guard.emplace(ErrorId::repr_too_deep);
    enter.emplace(v.obj());
    if (enter->recursive()) {
      if (v.is(ObjKind::List)) return "[...]";
      if (v.is(ObjKind::Dict)) return "{...}";
      if (v.is(ObjKind::Tuple)) return "(...)";
      return "...";
    }
  }
  switch (v.obj()->kind) {
    case ObjKind::Str: return quote(v.as<StrObj>().s);
    case ObjKind::BigInt: return int_to_string(v);
    case ObjKind::Tuple: {
      const Values& items = v.as<TupleObj>().items;
      return "(" + join_reprs(*this, items) + (items.size() == 1 ? ",)" : ")");
    }
    case ObjKind::List: return "[" + join_reprs(*this, v.as<ListObj>().items) + "]";
    case ObjKind::Set: {
      const Values items = v.as<SetObj>().ordered();
      if (v.as<SetObj>().frozen) return items.empty() ? "frozenset()" : "frozenset({" + join_reprs(*this, items) + "})";
      return items.empty() ? "set()" : "{" + join_reprs(*this, items) + "}";
    }
    case ObjKind::Dict: {
      std::string out = "{";
      bool first = true;
      for (const auto& [k, val] : v.as<DictObj>().entries) {
        if (!first) out += ", ";
        first = false;
        out += repr(k) + ": " + repr(val);
      }
      return out + "}";
    }
    case ObjKind::Slice: {
      const auto& s = v.as<SliceObj>();
      return "slice(" + repr(s.start) + ", " + repr(s.stop) + ", " + repr(s.step) + ")";
    }
    case ObjKind::Ellipsis: return "Ellipsis";
    case ObjKind::Range: {
      const auto& r = v.as<RangeObj>();
      return "range(" + std::to_string(r.start) + ", " + std::to_string(r.stop) +
             (r.step != 1 ? ", " + std::to_string(r.step) : "") + ")";
    }
    case ObjKind::Function: return "<function " + v.as<FunctionObj>().name + ">";
    case ObjKind::Builtin: {
      const auto& b = v.as<BuiltinObj>();
      if (!b.type_tag.empty()) {
        if (b.type_tag.rfind("exc:", 0) == 0) return "<class '" + b.type_tag.substr(4) + "'>";
        return "<class '" + b.name + "'>";
      }
      return "<built-in function " + b.name + ">";
    }
    case ObjKind::Module: return "<module '" + v.as<ModuleObj>().name + "'>";
    case ObjKind::Record: {
      const auto& r = v.as<RecordObj>();
      if (r.type->repr) return r.type->repr(r, *this);
      std::string out = r.type->name + "(";
      for (size_t i = 0; i < r.fields.size(); ++i) {
        if (i) out += ", ";
        out += r.fields[i].first + "=" + repr(r.fields[i].second);
      }
      return out + ")";
    }
    case ObjKind::Exception: {
      const auto& e = v.as<ExceptionObj>();
      return e.type + "(" + join_reprs(*this, e.args) + ")";
    }
    case ObjKind::Iterator: {
      const auto& it = v.as<IteratorObj>();
      return it.repr ? it.repr(*this) : "<iterator object>";
    }
    case ObjKind::Array:
    case ObjKind::Tracer:
    case ObjKind::Ref: return array_protocol().repr(*this, v);
    default: return class_repr(*this, v);
  }
}

std::string Interpreter::str(const Value& v) {
  if (v.is(ObjKind::Str)) return v.as<StrObj>().s;
  if (user_class_of(v)) {
    Value out;
    if (call_dunder(*this, v, "__str__", {}, out, current_range_)) {
      if (!out.is(ObjKind::Str)) raise(ErrorId::repr_returned_non_string, current_range_, "__str__", type_name(out));
      return out.as<StrObj>().s;
    }
  }
  if (v.is(ObjKind::Exception)) return v.as<ExceptionObj>().message;
  if (v.is(ObjKind::Record) && v.as<RecordObj>().type->str) return v.as<RecordObj>().type->str(v.as<RecordObj>(), *this);
  if (v.is(ObjKind::Array) || v.is(ObjKind::Ref)) return array_protocol().str(*this, v);
  return repr(v);
}

bool Interpreter::truthy(const Value& v) {
  switch (v.tag()) {
    case Value::Tag::None: return false;
    case Value::Tag::Bool:
    case Value::Tag::Int: return v.as_int() != 0;
    case Value::Tag::Float: return v.as_float() != 0;
    case Value::Tag::Obj: break;
  }
  switch (v.obj()->kind) {
    case ObjKind::Str: return !v.as<StrObj>().s.empty();
    case ObjKind::Tuple: return !v.as<TupleObj>().items.empty();
    case ObjKind::List: return !v.as<ListObj>().items.empty();
    case ObjKind::Dict: return !v.as<DictObj>().entries.empty();
    case ObjKind::Set: return !v.as<SetObj>().items.empty();
    case ObjKind::Range: return v.as<RangeObj>().length() > 0;
    case ObjKind::Array:
    case ObjKind::Ref: return array_protocol().truthy(*this, v, current_range_);
    case ObjKind::Instance: {
      Value out;
      if (call_dunder(*this, v, "__bool__", {}, out, current_range_)) {
        if (!out.is_bool()) raise(ErrorId::bool_returned_non_bool, current_range_, type_name(out));
        return out.as_bool();
      }
      if (call_dunder(*this, v, "__len__", {}, out, current_range_)) return to_index(out, current_range_) != 0;
      return true;
    }
    default: return true;
  }
}

}  // namespace rungs::python
