// The numeric builtins: int, float, abs, round, divmod, pow, hash, hex, oct,
// bin -- over ints of any size (int_value.h), with CPython's results and
// error texts.
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/python/array_protocol.h"
#include "core/python/builtins_parts.h"
#include "core/python/classes.h"
#include "core/python/int_value.h"
#include "core/python/user_keys.h"
#include "core/python/operators.h"
#include "core/python/py_hash.h"
#include "core/python/value_ops.h"

namespace rungs::python {

namespace {

std::string strip_space(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\n\r\f\v"), e = s.find_last_not_of(" \t\n\r\f\v");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

int digit_of(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return c >= 'a' && c <= 'z' ? c - 'a' + 10 : 99;
}

// int(text, base) as CPython parses it: surrounding whitespace, a sign, a
// 0x/0o/0b prefix matching the base (or choosing it when base is 0), and
// single underscores between digits; nullopt when the text is no literal.
std::optional<Value> parse_int_text(const std::string& text, int base) {
  std::string t = strip_space(text);
  size_t i = 0;
  bool negative = false;
  if (i < t.size() && (t[i] == '+' || t[i] == '-')) negative = t[i++] == '-';
  auto prefix_base = [&](char c) { c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
                                   return c == 'x' ? 16 : c == 'o' ? 8 : c == 'b' ? 2 : 0; };
  bool prefixed = false;
  if (i + 1 < t.size() && t[i] == '0' && prefix_base(t[i + 1]) && (base == 0 || base == prefix_base(t[i + 1]))) {
    base = prefix_base(t[i + 1]);
    i += 2;
    prefixed = true;
  }
  bool inferred = base == 0;
  if (base == 0) base = 10;
  std::string digits;
  bool last_underscore = !prefixed;  // "0x_1f" is valid, "_1" is not
  for (; i < t.size(); ++i) {
    if (t[i] == '_') {
      if (last_underscore) return std::nullopt;
      last_underscore = true;
      continue;
    }
    if (digit_of(t[i]) >= base) return std::nullopt;
    digits += t[i];
    last_underscore = false;
  }
  if (digits.empty() || last_underscore) return std::nullopt;
  // Base 0 reads literals as source does: "010" is no literal, "00" is.
  if (inferred && !prefixed && digits[0] == '0' && digits.find_first_not_of('0') != std::string::npos)
    return std::nullopt;
  return int_from_digits(digits, base, negative);
}

Value to_int(Interpreter& interp, const Value& v, SourceRange where) {
  if (is_big(v)) return v;
  if (v.is_int() || v.is_bool()) return Value::integer(v.as_int());
  if (v.is_float()) {
    double f = v.as_float();
    if (std::isnan(f)) raise(ErrorId::float_nan_to_int, where);
    if (std::isinf(f)) raise(ErrorId::float_to_int_overflow, where);
    return int_from_double(f);
  }
  if (v.is(ObjKind::Str)) {
    std::optional<Value> r = parse_int_text(v.as<StrObj>().s, 10);
    // base 0 rules for the digits' leading zeros do not apply to base 10
    if (!r) raise(ErrorId::int_parse, where, 10, interp.repr(v));
    return *r;
  }
  if (v.is(ObjKind::Array)) return array_protocol().to_python_scalar(interp, v, "int", where);
  Value user;  // int(x) of an object defining __int__ or __index__ (IntEnum members)
  if (call_dunder(interp, v, "__int__", {}, user, where) || call_dunder(interp, v, "__index__", {}, user, where))
    return user;
  raise(ErrorId::int_conversion_type, where, type_name(v));
}

Value to_float(Interpreter& interp, const Value& v, SourceRange where) {
  if (is_real(v)) return Value::floating(int_to_double(v));
  if (v.is(ObjKind::Str)) {
    std::string t = strip_space(v.as<StrObj>().s);
    std::string lower;
    for (char c : t) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower == "nan" || lower == "+nan" || lower == "-nan") return Value::floating(NAN);
    if (lower == "inf" || lower == "+inf" || lower == "infinity" || lower == "+infinity") return Value::floating(INFINITY);
    if (lower == "-inf" || lower == "-infinity") return Value::floating(-INFINITY);
    char* end = nullptr;
    double x = t.empty() ? 0 : std::strtod(t.c_str(), &end);
    if (t.empty() || *end != '\0' || lower.find('x') != std::string::npos)
      raise(ErrorId::float_parse, where, interp.repr(v));
    return Value::floating(x);
  }
  if (v.is(ObjKind::Array)) {
    Value s = array_protocol().to_python_scalar(interp, v, "float", where);
    return Value::floating(s.as_float());
  }
  Value user;
  if (call_dunder(interp, v, "__float__", {}, user, where)) return user;
  raise(ErrorId::conversion_type, where, "float", type_name(v));
}

// pow(base, exp, mod): a negative exponent takes the modular inverse
// (Python 3.8+); the result has the modulus's sign, as Python's %.
Value modular_pow(const Values& args, SourceRange where) {
  for (const Value& v : args)
    if (!is_integer(v)) raise(ErrorId::pow_mod_types, where);
  BigInt base = to_big(args[0]), exp = to_big(args[1]), mod = to_big(args[2]);
  if (mod.is_zero()) raise(ErrorId::pow_mod_zero, where);
  if (exp.negative()) {
    std::optional<BigInt> inv = BigInt::inverse_mod(base, mod);
    if (!inv) raise(ErrorId::pow_not_invertible, where);
    base = *inv;
    exp = -exp;
  }
  return make_int(BigInt::pow_mod(base, exp, mod));
}

// round(x, n) for an int and n < 0: exact, halves to even.
Value round_int(const Value& v, int64_t nd) {
  if (nd >= 0) return is_big(v) ? v : Value::integer(v.as_int());
  if (nd < -10000) return Value::integer(0);
  BigInt scale = BigInt::pow(BigInt::from_i64(10), static_cast<uint64_t>(-nd)), q, r;
  BigInt::floor_divmod(to_big(v), scale, q, r);
  int c = r.shifted_left(1).compare(scale);
  if (c > 0 || (c == 0 && q.is_odd())) q = q + BigInt::from_i64(1);
  return make_int(q * scale);
}

Value round_builtin(Interpreter& ip, CallArgs& a) {
  arity(a, 1, 2, "round");
  const Value& v = a.positional[0];
  bool has_nd = a.positional.size() > 1 && !a.positional[1].is_none();
  if (v.is(ObjKind::Array)) return array_protocol().round(ip, v, has_nd ? to_index(a.positional[1], a.where) : kRoundNoDigits, a.where);
  Value user;
  if (user_class_of(v) && call_dunder(ip, v, "__round__", has_nd ? Values{a.positional[1]} : Values{}, user, a.where))
    return user;
  if (!is_real(v)) raise(ErrorId::bad_unary_operand, a.where, "round()", type_name(v));
  if (!v.is_float()) return round_int(v, has_nd ? to_index(a.positional[1], a.where) : 0);
  double x = v.as_float();
  if (!has_nd) {
    if (std::isnan(x)) raise(ErrorId::float_nan_to_int, a.where);
    if (std::isinf(x)) raise(ErrorId::float_to_int_overflow, a.where);
    return int_from_double(std::nearbyint(x));
  }
  int64_t nd = to_index(a.positional[1], a.where);
  if (nd >= 0 && nd < 300 && std::isfinite(x)) {
    // Python rounds the exact binary value half-to-even in decimal; printf
    // does the same correctly rounded conversion.
    char buf[512];
    std::snprintf(buf, sizeof buf, "%.*f", static_cast<int>(nd), x);
    return Value::floating(std::strtod(buf, nullptr));
  }
  double scale = std::pow(10.0, static_cast<double>(nd));
  return Value::floating(std::nearbyint(x * scale) / scale);
}

Value hash_builtin(Interpreter& ip, CallArgs& a) {
  arity(a, 1, 1, "hash");
  Value h;
  if (auto cls = user_class_of(a.positional[0])) {
    if (user_hash_kind(*cls) == UserHash::Unhashable) raise(ErrorId::unhashable, a.where, cls->name);
  }
  if (call_dunder(ip, a.positional[0], "__hash__", {}, h, a.where)) {
    if (!is_integer(h)) raise(ErrorId::hash_returned_non_int, a.where);
    // A Py_hash_t comes back as is (-1 being reserved); a bigger int is hashed.
    if (is_big(h)) return Value::integer(int_hash(h));
    return Value::integer(h.as_int() == -1 ? -2 : h.as_int());
  }
  std::string k = hash_key(a.positional[0]);  // raises for unhashable values
  if (std::optional<int64_t> exact = cpython_hash(a.positional[0])) return Value::integer(*exact);
  // Salted or address-based in CPython: any stable value is as right.
  return Value::integer(static_cast<int64_t>(std::hash<std::string>{}(k) & 0x7fffffffffffffffULL));
}

// float.as_integer_ratio: the exact fraction, lowest terms, positive denominator.
Value float_integer_ratio(double f, SourceRange where) {
  if (std::isinf(f)) raise(ErrorId::float_ratio_infinity, where);
  if (std::isnan(f)) raise(ErrorId::float_ratio_nan, where);
  int exponent = 0;
  double mantissa = std::frexp(f, &exponent);  // f = mantissa * 2^exponent, 0.5 <= |mantissa| < 1
  int64_t numerator = static_cast<int64_t>(std::ldexp(mantissa, 53));
  exponent -= 53;
  while (numerator != 0 && numerator % 2 == 0 && exponent < 0) {
    numerator /= 2;
    ++exponent;
  }
  if (numerator == 0) exponent = 0;
  BigInt top = BigInt::from_i64(numerator).shifted_left(exponent > 0 ? exponent : 0);
  BigInt bottom = BigInt::from_i64(1).shifted_left(exponent < 0 ? -exponent : 0);
  return make_tuple({make_int(top), make_int(bottom)});
}

// float.hex: CPython's "0x1.8000000000000p+0" (13 hex digits of mantissa).
std::string float_hex(double f) {
  if (std::isnan(f)) return "nan";
  if (std::isinf(f)) return f > 0 ? "inf" : "-inf";
  std::string sign = std::signbit(f) ? "-" : "";
  f = std::fabs(f);
  if (f == 0) return sign + "0x0.0p+0";
  int exponent = 0;
  double mantissa = std::frexp(f, &exponent);  // [0.5, 1)
  int leading = 1;
  exponent -= 1;
  if (exponent < -1022) {  // subnormal: CPython writes 0x0.<digits>p-1022
    mantissa = std::ldexp(f, 1022);
    leading = 0;
    exponent = -1022;
  } else {
    mantissa = mantissa * 2 - 1;
  }
  uint64_t bits = static_cast<uint64_t>(std::ldexp(mantissa, 52));
  char buf[64];
  std::snprintf(buf, sizeof buf, "0x%d.%013llxp%+d", leading, static_cast<unsigned long long>(bits), exponent);
  return sign + buf;
}

// hex(), oct(), bin(): the int, or an object's __index__.
BuiltinFn radix_builtin(const char* name, int base, const char* prefix) {
  return [name, base, prefix](Interpreter& ip, CallArgs& a) {
    arity(a, 1, 1, name);
    Value v = a.positional[0];
    Value user;
    if (!is_integer(v) && call_dunder(ip, v, "__index__", {}, user, a.where)) v = user;
    if (!is_integer(v)) raise(ErrorId::integer_required, a.where, type_name(v));
    std::string digits = int_to_string(int_abs(v), base);
    return make_str((to_big(v).negative() ? "-" : "") + std::string(prefix) + digits);
  };
}

}  // namespace

bool number_attribute(const Value& obj, const std::string& name, Value& out) {
  if (name == "__class__") return (out = builtins_table().at(type_name(obj))), true;
  if (name == "real") return (out = obj.is_bool() ? Value::integer(obj.as_int()) : obj), true;
  if (name == "imag") return (out = obj.is_float() ? Value::floating(0) : Value::integer(0)), true;
  if (obj.is_float()) {
    double f = obj.as_float();
    if (name == "is_integer")
      return (out = make_builtin("float.is_integer", [f](Interpreter&, CallArgs& a) {
                arity(a, 0, 0, "is_integer");
                return Value::boolean(std::isfinite(f) && f == std::floor(f));
              })), true;
    if (name == "as_integer_ratio")
      return (out = make_builtin("float.as_integer_ratio", [f](Interpreter&, CallArgs& a) {
                arity(a, 0, 0, "as_integer_ratio");
                return float_integer_ratio(f, a.where);
              })), true;
    if (name == "hex")
      return (out = make_builtin("float.hex", [f](Interpreter&, CallArgs& a) {
                arity(a, 0, 0, "hex");
                return make_str(float_hex(f));
              })), true;
    if (name == "conjugate")
      return (out = make_builtin("float.conjugate", [f](Interpreter&, CallArgs&) { return Value::floating(f); })), true;
    return false;
  }
  Value n = obj.is_bool() ? Value::integer(obj.as_int()) : obj;
  if (name == "numerator") return (out = n), true;
  if (name == "denominator") return (out = Value::integer(1)), true;
  if (name == "bit_length" || name == "bit_count") {
    bool count = name == "bit_count";
    out = make_builtin("int." + name, [n, count](Interpreter&, CallArgs& a) {
      arity(a, 0, 0, count ? "bit_count" : "bit_length");
      BigInt m = to_big(n).abs();
      if (!count) return Value::integer(m.bit_length());
      int64_t ones = 0;
      for (char c : m.to_string(16)) ones += __builtin_popcount(static_cast<unsigned>(digit_of(c)));
      return Value::integer(ones);
    });
    return true;
  }
  if (name == "conjugate")
    return (out = make_builtin("int.conjugate", [n](Interpreter&, CallArgs&) { return n; })), true;
  if (name == "as_integer_ratio")
    return (out = make_builtin("int.as_integer_ratio", [n](Interpreter&, CallArgs& a) {
              arity(a, 0, 0, "as_integer_ratio");
              return make_tuple({n, Value::integer(1)});
            })), true;
  return false;
}

void add_numeric_builtins(const DefineBuiltin& def) {
  def("abs", [](Interpreter& ip, CallArgs& a) {
    arity(a, 1, 1, "abs");
    const Value& v = a.positional[0];
    if (v.is_float()) return Value::floating(std::fabs(v.as_float()));
    if (is_integer(v)) return int_abs(v);
    if (v.is(ObjKind::Array) || v.is(ObjKind::Ref)) return array_protocol().abs(ip, v, a.where);
    Value user;
    if (call_dunder(ip, v, "__abs__", {}, user, a.where)) return user;
    raise(ErrorId::bad_unary_operand, a.where, "abs()", type_name(v));
  }, "");
  def("round", round_builtin, "");
  def("divmod", [](Interpreter& ip, CallArgs& a) {
    arity(a, 2, 2, "divmod");
    Value q = binary_op(ip, lang::BinOpKind::FloorDiv, a.positional[0], a.positional[1], a.where, false);
    Value r = binary_op(ip, lang::BinOpKind::Mod, a.positional[0], a.positional[1], a.where, false);
    return make_tuple({q, r});
  }, "");
  def("pow", [](Interpreter& ip, CallArgs& a) {
    arity(a, 2, 3, "pow");
    if (a.positional.size() == 3 && !a.positional[2].is_none()) return modular_pow(a.positional, a.where);
    return binary_op(ip, lang::BinOpKind::Pow, a.positional[0], a.positional[1], a.where, false);
  }, "");
  def("hash", hash_builtin, "");
  def("hex", radix_builtin("hex", 16, "0x"), "");
  def("oct", radix_builtin("oct", 8, "0o"), "");
  def("bin", radix_builtin("bin", 2, "0b"), "");
  def("int", [](Interpreter& ip, CallArgs& a) {
    if (const Value* base = a.keyword("base"); base && a.positional.size() == 1) {
      a.positional.push_back(*base);  // int("101", base=2)
      a.keywords.clear();
    }
    arity(a, 0, 2, "int");
    if (a.positional.empty()) return Value::integer(0);
    if (a.positional.size() == 2) {
      if (!a.positional[0].is(ObjKind::Str)) raise(ErrorId::int_explicit_base, a.where);
      int64_t base = to_index(a.positional[1], a.where);
      if (base != 0 && (base < 2 || base > 36)) raise(ErrorId::int_base_range, a.where);
      std::optional<Value> r = parse_int_text(a.positional[0].as<StrObj>().s, static_cast<int>(base));
      if (!r) raise(ErrorId::int_parse, a.where, base, ip.repr(a.positional[0]));
      return *r;
    }
    return to_int(ip, a.positional[0], a.where);
  }, "int");
  def("float", [](Interpreter& ip, CallArgs& a) {
    arity(a, 0, 1, "float");
    return a.positional.empty() ? Value::floating(0) : to_float(ip, a.positional[0], a.where);
  }, "float");
}

}  // namespace rungs::python
