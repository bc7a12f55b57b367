// jax.numpy elementwise functions (ufuncs): float math, arithmetic,
// comparisons, logical and bitwise ops, rounding, isnan & co, clip.
//
// The rules that decide result dtypes are JAX's: float functions promote
// ints and bools to float32 (promote_args_inexact), keeping weak types;
// binary functions promote their operands with the weak-type lattice;
// add/multiply on bools are or/and; floor/ceil/trunc/round return integer
// inputs unchanged; isnan/isinf on integers are constant False.
#include <cmath>

#include "core/jax/module_jnp_parts.h"
#include "core/python/value_ops.h"

namespace rungs::jax {

namespace {

Operand to_bool(const Operand& x) {
  if (x.aval.dtype == DType::Bool) return x;
  return ir::bind1(Prim::Ne, {x, const_like(x, 0)}, {});
}

Operand bin(Prim p, const Operand& a, const Operand& b) { return jax::binary(p, a, b); }

// jnp.log2 / jnp.log10: log(x) / log(base), both logs recorded as JAX does.
Operand log_base(const Operand& x0, double base) {
  Operand x = to_inexact(x0);
  Operand lb = jax::unary(Prim::Log, jax::scalar(x.aval.dtype, base, x.aval.weak_type));
  return ir::bind1(Prim::Div, {jax::unary(Prim::Log, x), lb}, {});
}

Operand round_decimals(const Operand& x, int64_t decimals) {
  if (array::is_integer(x.aval.dtype)) {
    if (decimals < 0) raise_here(ErrorId::unsupported_feature, "jnp.round of integers with decimals < 0");
    return x;
  }
  if (decimals == 0) return round_half_even(x);
  bool half = x.aval.dtype == DType::Float16;
  Operand y = half ? jax::convert(x, DType::Float32, false) : x;
  Operand factor = jax::scalar(y.aval.dtype, std::pow(10.0, static_cast<double>(decimals)));
  Operand out = ir::bind1(Prim::Div, {round_half_even(ir::bind1(Prim::Mul, {y, factor}, {})), factor}, {});
  return half ? jax::convert(out, DType::Float16, false) : out;
}

Operand power(Interpreter& ip, const Args& a) {
  Operand x = operand_at(ip, a, 0);
  const Value& e = a[1];
  // JAX's special case: a concrete integer exponent uses integer_pow.
  bool static_int = e.is_int() || (e.is(ObjKind::Array) && !e.as<ArrayObj>().traced() &&
                                   e.as<ArrayObj>().aval().shape.empty() &&
                                   array::is_integer(e.as<ArrayObj>().aval().dtype));
  if (static_int) {
    if (x.aval.dtype == DType::Bool) x = jax::convert(x, DType::Int32, x.aval.weak_type);
    return jax::power(x, x, to_index(e, a.where()));
  }
  return jax::power(x, operand_at(ip, a, 1), std::nullopt);
}

Operand nan_to_num(Interpreter& ip, const Args& a) {
  Operand x = operand_at(ip, a, 0);
  DType t = x.aval.dtype;
  if (!array::is_float(t)) return x;
  double nan = a.float_at(2, 0.0);
  double posinf = a.float_at(3, array::float_max(t)), neginf = a.float_at(4, -array::float_max(t));
  Operand inf = jax::scalar(t, INFINITY, x.aval.weak_type), ninf = jax::scalar(t, -INFINITY, x.aval.weak_type);
  Operand out = jax::where(isnan(x), jax::scalar(t, nan), x);
  out = jax::where(ir::bind1(Prim::Eq, {out, inf}, {}), jax::scalar(t, posinf), out);
  return jax::where(ir::bind1(Prim::Eq, {out, ninf}, {}), jax::scalar(t, neginf), out);
}

Operand clip(Interpreter& ip, const Args& a) {
  Operand x = operand_at(ip, a, 0);
  // clip(arr, min, max) and the older a_min / a_max keywords.
  auto bound = [&](size_t i, size_t old) -> std::optional<Operand> {
    if (a.has(i) && !a[i].is_none()) return to_op(ip, a[i], a.where());
    if (a.has(old) && !a[old].is_none()) return to_op(ip, a[old], a.where());
    return std::nullopt;
  };
  if (auto lo = bound(1, 4)) x = bin(Prim::Max, *lo, x);
  if (auto hi = bound(2, 5)) x = bin(Prim::Min, *hi, x);
  return x;
}

void unary_float(ModuleObj& m, const char* name, Prim prim) {
  defn(m, name, {"x"}, 1, [prim](Interpreter& ip, const Args& a) {
    return wrap(jax::unary(prim, to_inexact(operand_at(ip, a, 0))));
  });
}

void unary_same(ModuleObj& m, const char* name, std::function<Operand(const Operand&)> f) {
  defn(m, name, {"x"}, 1, [f](Interpreter& ip, const Args& a) { return wrap(f(operand_at(ip, a, 0))); });
}

void binary(ModuleObj& m, const char* name, std::function<Operand(const Operand&, const Operand&)> f) {
  defn(m, name, {"x1", "x2"}, 2,
       [f](Interpreter& ip, const Args& a) { return wrap(f(operand_at(ip, a, 0), operand_at(ip, a, 1))); });
}

// floor/ceil/trunc: integer and bool inputs come back unchanged.
Operand int_passthrough(const Operand& x, const std::function<Operand(const Operand&)>& f) {
  if (!array::is_float(x.aval.dtype)) return x;
  return f(x);
}

}  // namespace

void add_jnp_math(ModuleObj& m) {
  struct FloatFn {
    const char* name;
    Prim prim;
  };
  for (FloatFn f : {FloatFn{"exp", Prim::Exp}, {"exp2", Prim::Exp2}, {"log", Prim::Log}, {"log1p", Prim::Log1p},
                    {"expm1", Prim::Expm1}, {"sqrt", Prim::Sqrt}, {"cbrt", Prim::Cbrt}, {"tanh", Prim::Tanh},
                    {"sin", Prim::Sin}, {"cos", Prim::Cos}, {"tan", Prim::Tan}, {"arcsin", Prim::Asin},
                    {"arccos", Prim::Acos}, {"arctan", Prim::Atan}, {"sinh", Prim::Sinh}, {"cosh", Prim::Cosh},
                    {"arcsinh", Prim::Asinh}, {"arccosh", Prim::Acosh}, {"arctanh", Prim::Atanh}})
    unary_float(m, f.name, f.prim);
  m.attrs["asin"] = m.attrs["arcsin"];
  m.attrs["acos"] = m.attrs["arccos"];
  m.attrs["atan"] = m.attrs["arctan"];
  m.attrs["asinh"] = m.attrs["arcsinh"];
  m.attrs["acosh"] = m.attrs["arccosh"];
  m.attrs["atanh"] = m.attrs["arctanh"];
  unary_same(m, "log2", [](const Operand& x) { return log_base(x, 2); });
  unary_same(m, "log10", [](const Operand& x) { return log_base(x, 10); });
  unary_same(m, "negative", [](const Operand& x) { return jax::unary(Prim::Neg, x); });
  unary_same(m, "positive", [](const Operand& x) { return x; });
  unary_same(m, "sign", [](const Operand& x) { return jax::unary(Prim::Sign, x); });
  unary_same(m, "abs", [](const Operand& x) {
    if (x.aval.dtype == DType::Bool || array::is_unsigned_int(x.aval.dtype)) return x;
    return jax::unary(Prim::Abs, x);
  });
  m.attrs["absolute"] = m.attrs["abs"];
  m.attrs["fabs"] = m.attrs["abs"];
  unary_same(m, "square", [](const Operand& x) {
    return jax::unary(Prim::Square, x.aval.dtype == DType::Bool ? jax::convert(x, DType::Int32, x.aval.weak_type) : x);
  });
  unary_same(m, "reciprocal", [](const Operand& x) { return jax::power(to_inexact(x), x, -1); });
  unary_same(m, "floor", [](const Operand& x) {
    return int_passthrough(x, [](const Operand& y) { return jax::unary(Prim::Floor, y); });
  });
  unary_same(m, "ceil", [](const Operand& x) {
    return int_passthrough(x, [](const Operand& y) { return jax::unary(Prim::Ceil, y); });
  });
  unary_same(m, "trunc", [](const Operand& x) {
    return int_passthrough(x, [](const Operand& y) {
      Operand neg = ir::bind1(Prim::Lt, {y, const_like(y, 0)}, {});
      return jax::where(neg, jax::unary(Prim::Ceil, y), jax::unary(Prim::Floor, y));
    });
  });
  m.attrs["fix"] = m.attrs["trunc"];
  unary_same(m, "rint", [](const Operand& x) { return round_half_even(to_inexact(x)); });
  for (const char* name : {"round", "around"})
    defn(m, name, {"a", "decimals", "out"}, 1, [](Interpreter& ip, const Args& a) {
      return wrap(round_decimals(operand_at(ip, a, 0), a.int_at(1, 0)));
    });
  unary_same(m, "isnan", isnan);
  unary_same(m, "isinf", isinf);
  unary_same(m, "isfinite", isfinite);
  unary_same(m, "isposinf", [](const Operand& x) {
    if (!array::is_float(x.aval.dtype)) return isinf(x);
    return ir::bind1(Prim::Eq, {x, jax::scalar(x.aval.dtype, INFINITY, x.aval.weak_type)}, {});
  });
  unary_same(m, "isneginf", [](const Operand& x) {
    if (!array::is_float(x.aval.dtype)) return isinf(x);
    return ir::bind1(Prim::Eq, {x, jax::scalar(x.aval.dtype, -INFINITY, x.aval.weak_type)}, {});
  });
  unary_same(m, "signbit", [](const Operand& x) { return ir::bind1(Prim::Lt, {x, const_like(x, 0)}, {}); });
  for (const char* name : {"real", "conj", "conjugate"}) unary_same(m, name, [](const Operand& x) { return x; });
  defn(m, "nan_to_num", {"x", "copy", "nan", "posinf", "neginf"}, 1,
       [](Interpreter& ip, const Args& a) { return wrap(nan_to_num(ip, a)); });
  defn(m, "clip", {"arr", "min", "max", "*", "a", "a_min", "a_max"}, 0, [](Interpreter& ip, const Args& a) {
    if (!a.has(0) && a.has(3)) {
      CallArgs c;
      c.where = a.where();
      c.positional = {a[3], a.get_or(4, Value()), a.get_or(5, Value())};
      Args b(c, "clip", {"arr", "min", "max"}, 1);
      return wrap(clip(ip, b));
    }
    return wrap(clip(ip, a));
  });

  // ---- binary arithmetic ----
  binary(m, "add", [](const Operand& a, const Operand& b) {
    if (jax::result_type({a, b}).dtype == DType::Bool) return bin(Prim::Or, a, b);
    return bin(Prim::Add, a, b);
  });
  binary(m, "multiply", [](const Operand& a, const Operand& b) {
    if (jax::result_type({a, b}).dtype == DType::Bool) return bin(Prim::And, a, b);
    return bin(Prim::Mul, a, b);
  });
  binary(m, "subtract", [](const Operand& a, const Operand& b) {
    if (jax::result_type({a, b}).dtype == DType::Bool)
      raise_here(ErrorId::op_dtype, "sub", "bool", "number");
    return bin(Prim::Sub, a, b);
  });
  binary(m, "divide", jax::true_divide);
  m.attrs["true_divide"] = m.attrs["divide"];
  binary(m, "floor_divide", jax::floor_divide);
  binary(m, "remainder", jax::remainder);
  m.attrs["mod"] = m.attrs["remainder"];
  binary(m, "fmod", [](const Operand& a, const Operand& b) { return bin(Prim::Rem, a, b); });
  defn(m, "power", {"x1", "x2"}, 2, [](Interpreter& ip, const Args& a) { return wrap(power(ip, a)); });
  m.attrs["pow"] = m.attrs["power"];
  binary(m, "maximum", [](const Operand& a, const Operand& b) { return bin(Prim::Max, a, b); });
  binary(m, "minimum", [](const Operand& a, const Operand& b) { return bin(Prim::Min, a, b); });
  binary(m, "arctan2", [](const Operand& a, const Operand& b) {
    std::vector<Operand> xs = jax::promote({a, b});
    return bin(Prim::Atan2, to_inexact(xs[0]), to_inexact(xs[1]));
  });
  m.attrs["atan2"] = m.attrs["arctan2"];
  binary(m, "nextafter", [](const Operand& a, const Operand& b) {
    std::vector<Operand> xs = jax::promote({a, b});
    return bin(Prim::NextAfter, to_inexact(xs[0]), to_inexact(xs[1]));
  });

  // ---- logical and bitwise ----
  binary(m, "logical_and", [](const Operand& a, const Operand& b) { return bin(Prim::And, to_bool(a), to_bool(b)); });
  binary(m, "logical_or", [](const Operand& a, const Operand& b) { return bin(Prim::Or, to_bool(a), to_bool(b)); });
  binary(m, "logical_xor", [](const Operand& a, const Operand& b) { return bin(Prim::Xor, to_bool(a), to_bool(b)); });
  unary_same(m, "logical_not", [](const Operand& x) { return jax::unary(Prim::Not, to_bool(x)); });
  binary(m, "bitwise_and", [](const Operand& a, const Operand& b) { return bin(Prim::And, a, b); });
  binary(m, "bitwise_or", [](const Operand& a, const Operand& b) { return bin(Prim::Or, a, b); });
  binary(m, "bitwise_xor", [](const Operand& a, const Operand& b) { return bin(Prim::Xor, a, b); });
  unary_same(m, "bitwise_not", [](const Operand& x) { return jax::unary(Prim::Not, x); });
  m.attrs["invert"] = m.attrs["bitwise_not"];
  binary(m, "left_shift", [](const Operand& a, const Operand& b) { return bin(Prim::ShiftLeft, a, b); });
  binary(m, "right_shift", [](const Operand& a, const Operand& b) {
    bool unsigned_ = array::is_unsigned_int(jax::result_type({a, b}).dtype);
    return bin(unsigned_ ? Prim::ShiftRightLogical : Prim::ShiftRightArithmetic, a, b);
  });
  m.attrs["bitwise_left_shift"] = m.attrs["left_shift"];
  m.attrs["bitwise_right_shift"] = m.attrs["right_shift"];

  // ---- comparisons ----
  struct Cmp {
    const char* name;
    Prim prim;
  };
  for (Cmp c : {Cmp{"equal", Prim::Eq}, {"not_equal", Prim::Ne}, {"less", Prim::Lt}, {"less_equal", Prim::Le},
                {"greater", Prim::Gt}, {"greater_equal", Prim::Ge}}) {
    Prim p = c.prim;
    binary(m, c.name, [p](const Operand& a, const Operand& b) { return jax::compare(p, a, b); });
  }
}

}  // namespace rungs::jax
