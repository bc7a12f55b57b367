#include "core/python/classes.h"
#include "core/python/operators.h"

#include <cmath>

#include "core/python/array_protocol.h"
#include "core/python/interpreter.h"
#include "core/python/int_value.h"
#include "core/python/iteration.h"
#include "core/python/modules.h"
#include "core/python/str_format.h"
#include "core/python/nesting.h"
#include "core/python/value_ops.h"

namespace rungs::python {

namespace {

// CPython compares container elements with PyObject_RichCompareBool, which
// takes the same object as equal without asking it.
bool same_object(const Value& a, const Value& b) { return a.is_obj() && b.is_obj() && a.obj() == b.obj(); }

using lang::BinOpKind;
using lang::CmpOpKind;

double float_mod(double a, double b) {
  if (b == 0) raise_here(ErrorId::float_modulo_by_zero);
  double r = std::fmod(a, b);
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  if (r == 0) r = std::copysign(0.0, b);
  return r;
}

Value numeric_binop(BinOpKind op, const Value& a, const Value& b) {
  // Ints of any size are exact (int_value.h); with a float, the int is
  // converted first, raising OverflowError past the float range as CPython.
  if (!a.is_float() && !b.is_float()) return int_binop(op, a, b);
  double x = int_to_double(a), y = int_to_double(b);
  switch (op) {
    case BinOpKind::Add: return Value::floating(x + y);
    case BinOpKind::Sub: return Value::floating(x - y);
    case BinOpKind::Mult: return Value::floating(x * y);
    case BinOpKind::Div:
      if (y == 0) raise_here(ErrorId::float_division_by_zero);
      return Value::floating(x / y);
    case BinOpKind::FloorDiv:
      if (y == 0) raise_here(ErrorId::float_division_by_zero);
      return Value::floating(std::floor(x / y));
    case BinOpKind::Mod: return Value::floating(float_mod(x, y));
    case BinOpKind::Pow:
      if (x == 0 && y < 0) raise_here(ErrorId::zero_negative_power);
      return Value::floating(std::pow(x, y));
    default: return Value();  // bitwise ops on floats are unsupported
  }
}

// size * n, saturated: `"ab" * 10**18` must be refused, not wrap around.
static int64_t repeat_bytes(size_t size, int64_t n, int64_t unit) {
  double bytes = static_cast<double>(size) * static_cast<double>(n) * static_cast<double>(unit);
  return bytes >= 9e18 ? int64_t{9'000'000'000'000'000'000} : static_cast<int64_t>(bytes);
}

Value sequence_repeat(const Value& seq, int64_t n) {
  if (n < 0) n = 0;
  if (seq.is(ObjKind::Str)) {
    const std::string& s = seq.as<StrObj>().s;
    if (s.empty() || n == 0) return make_str("");  // "" * 10**18 is instant in Python too
    check_host_alloc(repeat_bytes(s.size(), n, 1));  // refuse before building
    std::string out;
    out.reserve(s.size() * static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) out += s;
    return make_str(out);
  }
  const Values& items = seq.is(ObjKind::List) ? seq.as<ListObj>().items : seq.as<TupleObj>().items;
  if (items.empty()) n = 0;
  check_host_alloc(repeat_bytes(items.size(), n, kValueBytes));
  Values out;
  for (int64_t i = 0; i < n; ++i) out.insert(out.end(), items.begin(), items.end());
  return seq.is(ObjKind::List) ? make_list(out) : make_tuple(out);
}

bool is_sequence(const Value& v) { return v.is(ObjKind::List) || v.is(ObjKind::Tuple) || v.is(ObjKind::Str); }

ArrayBinary to_array_binary(BinOpKind op) {
  switch (op) {
    case BinOpKind::Add: return ArrayBinary::Add;
    case BinOpKind::Sub: return ArrayBinary::Sub;
    case BinOpKind::Mult: return ArrayBinary::Mul;
    case BinOpKind::MatMult: return ArrayBinary::MatMul;
    case BinOpKind::Div: return ArrayBinary::TrueDiv;
    case BinOpKind::FloorDiv: return ArrayBinary::FloorDiv;
    case BinOpKind::Mod: return ArrayBinary::Mod;
    case BinOpKind::Pow: return ArrayBinary::Pow;
    case BinOpKind::LShift: return ArrayBinary::LShift;
    case BinOpKind::RShift: return ArrayBinary::RShift;
    case BinOpKind::BitOr: return ArrayBinary::Or;
    case BinOpKind::BitXor: return ArrayBinary::Xor;
    case BinOpKind::BitAnd: return ArrayBinary::And;
  }
  return ArrayBinary::Add;
}

ArrayBinary to_array_compare(CmpOpKind op) {
  switch (op) {
    case CmpOpKind::Eq: return ArrayBinary::Eq;
    case CmpOpKind::NotEq: return ArrayBinary::Ne;
    case CmpOpKind::Lt: return ArrayBinary::Lt;
    case CmpOpKind::LtE: return ArrayBinary::Le;
    case CmpOpKind::Gt: return ArrayBinary::Gt;
    default: return ArrayBinary::Ge;
  }
}


// `item in container`, as Python's __contains__.
bool contains_value(Interpreter& interp, const Value& container, const Value& item,
                    SourceRange where) {
  Value found;
  if (call_dunder(interp, container, "__contains__", Values{item}, found, where)) return interp.truthy(found);
  if (container.is(ObjKind::Str)) {
    if (!item.is(ObjKind::Str)) raise(ErrorId::in_requires_str, where, type_name(item));
    return container.as<StrObj>().s.find(item.as<StrObj>().s) != std::string::npos;
  }
  if (container.is(ObjKind::Dict)) return container.as<DictObj>().find(item) != nullptr;
  if (container.is(ObjKind::Set)) return container.as<SetObj>().contains(item);
  if (container.is(ObjKind::Range)) {
    if (!is_int_like(item)) return false;
    const auto& r = container.as<RangeObj>();
    int64_t v = item.as_int();
    if (r.step > 0 ? (v < r.start || v >= r.stop) : (v > r.start || v <= r.stop)) return false;
    return (v - r.start) % r.step == 0;
  }
  if (!is_iterable(container)) raise(ErrorId::in_requires, where, type_name(container));
  Iterator it = make_iterator(interp, container, where);
  Value v;
  while (it(v)) {
    if (item.identical(v) || py_equal(interp, item, v)) return true;
  }
  return false;
}

// Python's ordering of two values, -1/0/1; nullopt when unorderable.
std::optional<int> order(Interpreter& interp, const Value& a, const Value& b) {
  if (is_real(a) && is_real(b)) return real_order(a, b);
  if (a.is(ObjKind::Str) && b.is(ObjKind::Str)) {
    int c = a.as<StrObj>().s.compare(b.as<StrObj>().s);
    return c < 0 ? -1 : c > 0 ? 1 : 0;
  }
  bool tuples = a.is(ObjKind::Tuple) && b.is(ObjKind::Tuple);
  bool lists = a.is(ObjKind::List) && b.is(ObjKind::List);
  if (tuples || lists) {
    NestingGuard guard(ErrorId::compare_too_deep);
    const Values& x = tuples ? a.as<TupleObj>().items : a.as<ListObj>().items;
    const Values& y = tuples ? b.as<TupleObj>().items : b.as<ListObj>().items;
    for (size_t i = 0; i < x.size() && i < y.size(); ++i) {
      interp.tick();
      if (same_object(x[i], y[i]) || py_equal(interp, x[i], y[i])) continue;
      return order(interp, x[i], y[i]);
    }
    return x.size() < y.size() ? -1 : x.size() > y.size() ? 1 : 0;
  }
  return std::nullopt;
}
}  // namespace

std::string callable_name(const Value& callee) {
  if (callee.is(ObjKind::Function)) return callee.as<FunctionObj>().qualname;
  if (callee.is(ObjKind::BoundMethod)) return callable_name(callee.as<BoundMethodObj>().func);
  if (callee.is(ObjKind::Class)) return callee.as<ClassObj>().name;
  if (callee.is(ObjKind::Builtin)) {
    const std::string& n = callee.as<BuiltinObj>().name;
    return n.substr(n.rfind('.') == std::string::npos ? 0 : n.rfind('.') + 1);
  }
  return type_name(callee);
}

Value binary_op(Interpreter& interp, BinOpKind op, const Value& a, const Value& b,
                SourceRange where, bool inplace) {
  if (is_array(a) || is_array(b)) {
    // `x += y` on a NumPy ndarray writes into x (every name bound to it sees
    // the change, and x keeps its dtype); other arrays are rebound.
    Value done;
    if (inplace && array_protocol().inplace && array_protocol().inplace(interp, to_array_binary(op), a, b, where, done))
      return done;
    return array_protocol().binary(interp, to_array_binary(op), a, b, where);
  }
  Value user;
  if (class_binary(interp, op, a, b, where, inplace, user)) return user;
  if (container_binary(interp, op, a, b, inplace, user)) return user;
  if (is_real(a) && is_real(b)) {
    Value r = numeric_binop(op, a, b);
    if (!r.is_none()) return r;
  }
  if (op == BinOpKind::Add) {
    if (a.is(ObjKind::Str) && b.is(ObjKind::Str)) {
      check_host_alloc(static_cast<int64_t>(a.as<StrObj>().s.size() + b.as<StrObj>().s.size()));
      return make_str(a.as<StrObj>().s + b.as<StrObj>().s);
    }
    if (a.is(ObjKind::Str)) raise(ErrorId::str_concat_type, where, type_name(b));
    if (a.is(ObjKind::List) && b.is(ObjKind::List)) {
      check_host_alloc(kValueBytes * static_cast<int64_t>(b.as<ListObj>().items.size() +
                                                          (inplace ? 0 : a.as<ListObj>().items.size())));
      if (inplace) {
        Values& items = a.as<ListObj>().items;
        Values extra = b.as<ListObj>().items;
        items.insert(items.end(), extra.begin(), extra.end());
        a.as<ListObj>().grew();
        return a;
      }
      Values out = a.as<ListObj>().items;
      const Values& more = b.as<ListObj>().items;
      out.insert(out.end(), more.begin(), more.end());
      return make_list(out);
    }
    if (a.is(ObjKind::List) && inplace && is_iterable(b)) {
      Values extra = interp.iterate(b);
      a.as<ListObj>().items.insert(a.as<ListObj>().items.end(), extra.begin(), extra.end());
      a.as<ListObj>().grew();
      return a;
    }
    if (a.is(ObjKind::Tuple) && b.is(ObjKind::Tuple)) {
      check_host_alloc(kValueBytes * static_cast<int64_t>(a.as<TupleObj>().items.size() + b.as<TupleObj>().items.size()));
      Values out = a.as<TupleObj>().items;
      const Values& more = b.as<TupleObj>().items;
      out.insert(out.end(), more.begin(), more.end());
      return make_tuple(out);
    }
    if (a.is(ObjKind::List) || a.is(ObjKind::Tuple))
      raise(ErrorId::list_concat_type, where, type_name(a), type_name(b), type_name(a));
  }
  if (op == BinOpKind::Mult) {
    if ((is_sequence(a) && is_big(b)) || (is_sequence(b) && is_big(a))) raise(ErrorId::int_size_overflow, where);
    if (is_sequence(a) && is_int_like(b)) {
      Value r = sequence_repeat(a, b.as_int());
      if (inplace && a.is(ObjKind::List)) {
        a.as<ListObj>().items = r.as<ListObj>().items;
        a.as<ListObj>().grew();
        return a;
      }
      return r;
    }
    if (is_sequence(b) && is_int_like(a)) return sequence_repeat(b, a.as_int());
    if (is_sequence(a) && b.is_number()) raise(ErrorId::str_mul_type, where, type_name(b));
  }
  if (op == BinOpKind::Mod && a.is(ObjKind::Str)) return percent_format(interp, a.as<StrObj>().s, b, where);
  if (op == BinOpKind::BitOr && a.is(ObjKind::Dict) && b.is(ObjKind::Dict)) {
    auto out = std::make_shared<DictObj>();
    for (const auto& [k, v] : a.as<DictObj>().entries) out->set(k, v);
    for (const auto& [k, v] : b.as<DictObj>().entries) out->set(k, v);
    return Value::object(out);
  }
  if (op == BinOpKind::BitOr && type_union(a, b, user)) return user;
  raise(ErrorId::unsupported_binop, where, lang::binop_symbol(op), type_name(a), type_name(b));
}

Value unary_op(Interpreter& interp, lang::UnaryOpKind op, const Value& v, SourceRange where) {
  if (is_array(v)) return array_protocol().unary(interp, op, v, where);
  Value user;
  const char* dunder = op == lang::UnaryOpKind::USub ? "__neg__" : op == lang::UnaryOpKind::UAdd ? "__pos__"
                     : op == lang::UnaryOpKind::Invert ? "__invert__" : nullptr;
  if (dunder && call_dunder(interp, v, dunder, {}, user, where)) return user;
  switch (op) {
    case lang::UnaryOpKind::UAdd:
      if (v.is_float() || is_big(v)) return v;
      if (v.is_number()) return Value::integer(v.as_int());
      raise(ErrorId::bad_unary_operand, where, "+", type_name(v));
    case lang::UnaryOpKind::USub:
      if (v.is_float()) return Value::floating(-v.as_float());
      if (is_integer(v)) return int_negate(v);
      raise(ErrorId::bad_unary_operand, where, "-", type_name(v));
    case lang::UnaryOpKind::Invert:
      if (is_integer(v)) return int_invert(v);
      raise(ErrorId::bad_unary_operand, where, "~", type_name(v));
    case lang::UnaryOpKind::Not: return Value::boolean(!interp.truthy(v));
  }
  return Value();
}

bool py_equal(Interpreter& interp, const Value& a, const Value& b) {
  if (user_class_of(a) || user_class_of(b)) {
    Value out;
    if (class_compare(interp, CmpOpKind::Eq, a, b, interp.current_range(), out)) return interp.truthy(out);
  }
  if (a.is_number() && b.is_number() && !(a.is_float() != b.is_float())) {
    if (!a.is_float()) return a.as_int() == b.as_int();
    return a.as_float() == b.as_float();
  }
  if (is_real(a) && is_real(b)) return real_order(a, b) == 0;  // exact, as CPython compares int with float
  if (a.is_none() || b.is_none()) return a.is_none() && b.is_none();
  if (a.is(ObjKind::Str) && b.is(ObjKind::Str)) return a.as<StrObj>().s == b.as<StrObj>().s;
  bool tuples = a.is(ObjKind::Tuple) && b.is(ObjKind::Tuple);
  bool lists = a.is(ObjKind::List) && b.is(ObjKind::List);
  // Containers compare element-wise with CPython's identity shortcut (an
  // object equals itself, so a list holding itself equals itself), and a
  // nesting bound: two distinct self-containing lists raise RecursionError.
  if (tuples || lists) {
    NestingGuard guard(ErrorId::compare_too_deep);
    const Values& x = tuples ? a.as<TupleObj>().items : a.as<ListObj>().items;
    const Values& y = tuples ? b.as<TupleObj>().items : b.as<ListObj>().items;
    if (x.size() != y.size()) return false;
    for (size_t i = 0; i < x.size(); ++i) {
      interp.tick();  // shared sublists make the walk exponential in the nesting
      if (!same_object(x[i], y[i]) && !py_equal(interp, x[i], y[i])) return false;
    }
    return true;
  }
  if (a.is(ObjKind::Dict) && b.is(ObjKind::Dict)) {
    NestingGuard guard(ErrorId::compare_too_deep);
    const auto& x = a.as<DictObj>();
    const auto& y = b.as<DictObj>();
    if (x.entries.size() != y.entries.size()) return false;
    for (const auto& [k, v] : x.entries) {
      const Value* other = y.find(k);
      if (!other || (!same_object(v, *other) && !py_equal(interp, v, *other))) return false;
    }
    return true;
  }
  if (a.is(ObjKind::Set) && b.is(ObjKind::Set)) {
    const auto& x = a.as<SetObj>();
    const auto& y = b.as<SetObj>();
    if (x.items.size() != y.items.size()) return false;
    for (const Value& v : x.items)
      if (!y.contains(v)) return false;
    return true;
  }
  if (a.is(ObjKind::Record) && b.is(ObjKind::Record)) {
    const auto& x = a.as<RecordObj>();
    const auto& y = b.as<RecordObj>();
    if (x.type->equals) return x.type->equals(x, y);
    if (y.type->equals) return y.type->equals(y, x);
    if (x.type != y.type || x.fields.size() != y.fields.size()) return a.identical(b);
    NestingGuard guard(ErrorId::compare_too_deep);
    for (size_t i = 0; i < x.fields.size(); ++i)
      if (x.fields[i].first != y.fields[i].first ||
          !py_equal(interp, x.fields[i].second, y.fields[i].second))
        return false;
    return true;
  }
  return a.identical(b);
}

bool py_less(Interpreter& interp, const Value& a, const Value& b, SourceRange where) {
  Value user;  // sorted()/min()/max() over instances with __lt__
  if ((user_class_of(a) || user_class_of(b)) && class_compare(interp, CmpOpKind::Lt, a, b, where, user))
    return interp.truthy(user);
  auto o = order(interp, a, b);
  if (!o) {
    if (is_real(a) && is_real(b)) return false;  // NaN
    raise(ErrorId::unorderable, where, "<", type_name(a), type_name(b));
  }
  return *o < 0;
}

Value compare_op(Interpreter& interp, CmpOpKind op, const Value& a, const Value& b,
                 SourceRange where) {
  switch (op) {
    case CmpOpKind::Is: return Value::boolean(a.identical(b));
    case CmpOpKind::IsNot: return Value::boolean(!a.identical(b));
    case CmpOpKind::In:
    case CmpOpKind::NotIn: {
      bool found = contains_value(interp, b, a, where);
      return Value::boolean(op == CmpOpKind::In ? found : !found);
    }
    default: break;
  }
  if (is_array(a) || is_array(b)) return array_protocol().binary(interp, to_array_compare(op), a, b, where);
  Value user;
  if (class_compare(interp, op, a, b, where, user)) return user;
  if (op == CmpOpKind::Eq) return Value::boolean(py_equal(interp, a, b));
  if (op == CmpOpKind::NotEq) return Value::boolean(!py_equal(interp, a, b));
  if (set_compare(op, a, b, user)) return user;
  auto o = order(interp, a, b);
  if (!o) {
    if (is_real(a) && is_real(b)) return Value::boolean(false);  // NaN compares false
    raise(ErrorId::unorderable, where, lang::cmpop_symbol(op), type_name(a), type_name(b));
  }
  switch (op) {
    case CmpOpKind::Lt: return Value::boolean(*o < 0);
    case CmpOpKind::LtE: return Value::boolean(*o <= 0);
    case CmpOpKind::Gt: return Value::boolean(*o > 0);
    default: return Value::boolean(*o >= 0);
  }
}

void delitem(Interpreter& interp, const Value& container, const Value& key, SourceRange where) {
  Value ignored;
  if (call_dunder(interp, container, "__delitem__", Values{key}, ignored, where)) return;
  if (container.is(ObjKind::Dict)) {
    if (!container.as<DictObj>().erase(key)) raise(ErrorId::key_error, where, interp.repr(key));
    return;
  }
  if (container.is(ObjKind::List)) {
    list_delete(interp, container.as<ListObj>(), key, where);
    return;
  }
  raise(ErrorId::no_item_deletion, where, type_name(container));
}

}  // namespace rungs::python
