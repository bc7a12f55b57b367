// Python's math module on Python numbers, with CPython's results and
// errors: "math domain error" (ValueError) outside a function's domain,
// "math range error" (OverflowError) on overflow, floor/ceil/trunc
// returning ints. A size-1 concrete jax array is accepted wherever a float
// is (Python calls its __float__); a traced one raises JAX's
// ConcretizationTypeError, as it would in Colab.
#include <cmath>
#include <cstdlib>
#include <limits>
#include <numeric>
#include <optional>
#include <string>

#include "core/python/args.h"
#include "core/python/array_protocol.h"
#include "core/python/host_memory.h"
#include "core/python/int_value.h"
#include "core/python/interpreter.h"
#include "core/python/modules.h"
#include "core/python/operators.h"
#include "core/python/value_ops.h"

namespace rungs::python {

namespace {

constexpr double kPi = 3.141592653589793;
constexpr double kE = 2.718281828459045;

double real(Interpreter& ip, const Value& v, SourceRange where) {
  if (is_real(v)) return int_to_double(v);
  if (v.is(ObjKind::Array)) return array_protocol().to_python_scalar(ip, v, "float", where).as_float();
  raise(ErrorId::math_real_required, where, type_name(v));
}

int64_t integer(Interpreter& ip, const Value& v, SourceRange where) {
  (void)ip;
  return to_index(v, where);
}

// CPython's math_1: NaN in -> NaN out; a NaN or inf from finite input is a
// domain or range error.
Value checked(double x, double r, SourceRange where, bool can_overflow) {
  if (std::isnan(r) && !std::isnan(x)) raise(ErrorId::math_domain, where);
  if (std::isinf(r) && std::isfinite(x)) raise(can_overflow ? ErrorId::math_range : ErrorId::math_domain, where);
  return Value::floating(r);
}

void unary(ModuleObj& m, const char* name, double (*f)(double), bool can_overflow = false) {
  def_signature(m, name, {"x"}, 1, [f, can_overflow](Interpreter& ip, const Args& a) {
    double x = real(ip, a[0], a.where());
    return checked(x, f(x), a.where(), can_overflow);
  });
}

Value to_int(double r, SourceRange where) {
  if (std::isnan(r)) raise(ErrorId::float_nan_to_int, where);
  if (std::isinf(r)) raise(ErrorId::float_to_int_overflow, where);
  return int_from_double(r);
}

void rounding(ModuleObj& m, const char* name, double (*f)(double)) {
  def_signature(m, name, {"x"}, 1, [f](Interpreter& ip, const Args& a) {
    if (is_big(a[0])) return a[0];
    if (is_int_like(a[0])) return Value::integer(a[0].as_int());
    return to_int(f(real(ip, a[0], a.where())), a.where());
  });
}

// CPython's loghelper: an int beyond the float range is taken as
// m * 2**e (m in [0.5, 1), rounded to 53 bits) and f(m) + f(2) * e.
std::optional<double> big_log(const Value& v, double (*f)(double), SourceRange where) {
  if (!is_big(v) || to_big(v).to_double()) return std::nullopt;
  if (to_big(v).negative()) raise(ErrorId::math_domain, where);
  const BigInt& n = v.as<BigIntObj>().v;
  int64_t e = n.bit_length();
  BigInt top = n.shifted_right(e - 64);
  auto bits = static_cast<uint64_t>(std::stoull(top.to_string(16), nullptr, 16));
  if (top.shifted_left(e - 64).compare(n) != 0) bits |= 1;  // sticky: one rounding, to 53 bits
  double m = std::ldexp(static_cast<double>(bits), -64);
  return f(m) + f(2.0) * static_cast<double>(e);
}

double log_e(double x) { return std::log(x); }

Value py_log(Interpreter& ip, const Args& a) {
  std::optional<double> big = big_log(a[0], log_e, a.where());
  double x = big ? 1.0 : real(ip, a[0], a.where());
  if (x <= 0 || std::isnan(x)) {
    if (std::isnan(x)) return Value::floating(x);
    raise(ErrorId::math_domain, a.where());
  }
  double r = big ? *big : std::log(x);
  if (a.has(1)) {
    std::optional<double> big_base = big_log(a[1], log_e, a.where());
    double b = big_base ? 1.0 : real(ip, a[1], a.where());
    if (b <= 0) raise(ErrorId::math_domain, a.where());
    double lb = big_base ? *big_base : std::log(b);
    if (lb == 0) raise(ErrorId::float_division_by_zero, a.where());
    r /= lb;
  }
  return Value::floating(r);
}

Value pow_(Interpreter& ip, const Args& a) {
  double x = real(ip, a[0], a.where()), y = real(ip, a[1], a.where());
  if (x == 0 && y < 0) raise(ErrorId::math_domain, a.where());
  if (x < 0 && std::isfinite(x) && std::isfinite(y) && y != std::floor(y)) raise(ErrorId::math_domain, a.where());
  double r = std::pow(x, y);
  if (std::isinf(r) && std::isfinite(x) && std::isfinite(y)) raise(ErrorId::math_range, a.where());
  return Value::floating(r);
}

Value py_isclose(Interpreter& ip, const Args& a) {
  double x = real(ip, a[0], a.where()), y = real(ip, a[1], a.where());
  double rel = a.float_at(2, 1e-09), abs_tol = a.float_at(3, 0.0);
  if (rel < 0 || abs_tol < 0) raise(ErrorId::math_isclose_tolerance, a.where());
  if (x == y) return Value::boolean(true);
  if (std::isinf(x) || std::isinf(y)) return Value::boolean(false);
  double diff = std::fabs(y - x);
  return Value::boolean(diff <= std::fabs(rel * y) || diff <= std::fabs(rel * x) || diff <= abs_tol);
}

Value factorial(Interpreter& ip, const Args& a) {
  if (a[0].is_float()) raise(ErrorId::range_arg_type, a.where(), "float");
  int64_t n = integer(ip, a[0], a.where());
  if (n < 0) raise(ErrorId::math_factorial_negative, a.where());
  // log2(n!) < n * log2(n): refuse what the memory budget cannot hold first.
  check_host_alloc(static_cast<int64_t>(static_cast<double>(n) * std::log2(static_cast<double>(n) + 1) / 8));
  BigInt r = BigInt::from_i64(1);
  for (int64_t i = 2; i <= n; ++i) {
    ip.tick();
    r = r * BigInt::from_i64(i);
  }
  return make_int(r);
}

Value comb_or_perm(Interpreter& ip, const Args& a, bool comb) {
  int64_t n = integer(ip, a[0], a.where());
  bool has_k = a.has(1) && !a[1].is_none();
  int64_t k = has_k ? integer(ip, a[1], a.where()) : n;
  if (n < 0) raise(ErrorId::math_nonnegative_required, a.where(), "n");
  if (k < 0) raise(ErrorId::math_nonnegative_required, a.where(), "k");
  if (k > n) return Value::integer(0);
  if (comb) k = std::min(k, n - k);
  check_host_alloc(static_cast<int64_t>(static_cast<double>(k) * std::log2(static_cast<double>(n) + 1) / 8));
  BigInt r = BigInt::from_i64(1), q, rem;
  for (int64_t i = 0; i < k; ++i) {
    ip.tick();
    r = r * BigInt::from_i64(n - i);
    // r * (n - i) / (i + 1) stays exact when done in this order.
    if (comb) BigInt::floor_divmod(r, BigInt::from_i64(i + 1), r, rem);
  }
  return make_int(r);
}

// An integer argument of any size (an object's __index__ otherwise).
BigInt big_integer(Interpreter& ip, const Value& v, SourceRange where) {
  return is_big(v) ? to_big(v) : BigInt::from_i64(integer(ip, v, where));
}

BigInt big_gcd(BigInt x, BigInt y) {
  x = x.abs(), y = y.abs();
  while (!y.is_zero()) {
    BigInt q, r;
    BigInt::floor_divmod(x, y, q, r);
    x = std::move(y);
    y = std::move(r);
  }
  return x;
}

Value gcd_lcm(Interpreter& ip, const Args& a, bool lcm) {
  BigInt r = BigInt::from_i64(lcm ? 1 : 0);
  for (const Value& v : a.rest()) {
    if (v.is_float()) raise(ErrorId::range_arg_type, a.where(), "float");
    BigInt x = big_integer(ip, v, a.where()).abs();
    if (!lcm) {
      r = big_gcd(r, x);
    } else if (x.is_zero() || r.is_zero()) {
      r = BigInt();
    } else {
      BigInt q, rem;
      BigInt::floor_divmod(r, big_gcd(r, x), q, rem);
      r = q * x;
    }
  }
  return make_int(r);
}

// Newton's iteration from above, exact on ints of any size.
Value isqrt(Interpreter& ip, const Args& a) {
  BigInt n = big_integer(ip, a[0], a.where());
  if (n.negative()) raise(ErrorId::math_isqrt_negative, a.where());
  if (n.is_zero()) return Value::integer(0);
  BigInt x = BigInt::from_i64(1).shifted_left((n.bit_length() + 1) / 2 + 1), q, r;
  for (;;) {
    BigInt::floor_divmod(n, x, q, r);
    BigInt y = (x + q).shifted_right(1);
    if (y.compare(x) >= 0) return make_int(x);
    x = std::move(y);
  }
}

}  // namespace

void register_module_math() {
  Interpreter::register_module("math", [](Interpreter&) {
    auto m = new_module("math");
    m->attrs["pi"] = Value::floating(kPi);
    m->attrs["e"] = Value::floating(kE);
    m->attrs["tau"] = Value::floating(2 * kPi);
    m->attrs["inf"] = Value::floating(std::numeric_limits<double>::infinity());
    m->attrs["nan"] = Value::floating(std::numeric_limits<double>::quiet_NaN());
    unary(*m, "sqrt", [](double x) { return std::sqrt(x); });
    unary(*m, "exp", [](double x) { return std::exp(x); }, true);
    unary(*m, "exp2", [](double x) { return std::exp2(x); }, true);
    unary(*m, "expm1", [](double x) { return std::expm1(x); }, true);
    for (auto [name, fn] : {std::pair<const char*, double (*)(double)>{"log2", [](double x) { return std::log2(x); }},
                            {"log10", [](double x) { return std::log10(x); }}}) {
      double (*f)(double) = fn;  // clang 14 cannot capture a structured binding
      def_signature(*m, name, {"x"}, 1, [f](Interpreter& ip, const Args& a) {
        if (std::optional<double> big = big_log(a[0], f, a.where())) return Value::floating(*big);
        double x = real(ip, a[0], a.where());
        return checked(x, x == 0 ? NAN : f(x), a.where(), false);
      });
    }
    unary(*m, "log1p", [](double x) { return x == -1 ? NAN : std::log1p(x); });
    unary(*m, "sin", [](double x) { return std::sin(x); });
    unary(*m, "cos", [](double x) { return std::cos(x); });
    unary(*m, "tan", [](double x) { return std::tan(x); });
    unary(*m, "asin", [](double x) { return std::asin(x); });
    unary(*m, "acos", [](double x) { return std::acos(x); });
    unary(*m, "atan", [](double x) { return std::atan(x); });
    unary(*m, "sinh", [](double x) { return std::sinh(x); }, true);
    unary(*m, "cosh", [](double x) { return std::cosh(x); }, true);
    unary(*m, "tanh", [](double x) { return std::tanh(x); });
    unary(*m, "asinh", [](double x) { return std::asinh(x); });
    unary(*m, "acosh", [](double x) { return std::acosh(x); });
    unary(*m, "atanh", [](double x) { return std::fabs(x) == 1 ? NAN : std::atanh(x); });
    unary(*m, "erf", [](double x) { return std::erf(x); });
    unary(*m, "erfc", [](double x) { return std::erfc(x); });
    unary(*m, "gamma", [](double x) { return x <= 0 && x == std::floor(x) ? NAN : std::tgamma(x); }, true);
    unary(*m, "lgamma", [](double x) { return x <= 0 && x == std::floor(x) ? INFINITY : std::lgamma(x); });
    unary(*m, "fabs", [](double x) { return std::fabs(x); });
    unary(*m, "degrees", [](double x) { return x * (180.0 / kPi); });
    unary(*m, "radians", [](double x) { return x * (kPi / 180.0); });
    rounding(*m, "floor", [](double x) { return std::floor(x); });
    rounding(*m, "ceil", [](double x) { return std::ceil(x); });
    rounding(*m, "trunc", [](double x) { return std::trunc(x); });
    def_signature(*m, "log", {"x", "base"}, 1, py_log);
    def_signature(*m, "pow", {"x", "y"}, 2, pow_);
    def_signature(*m, "atan2", {"y", "x"}, 2, [](Interpreter& ip, const Args& a) {
      return Value::floating(std::atan2(real(ip, a[0], a.where()), real(ip, a[1], a.where())));
    });
    def_signature(*m, "hypot", {}, 0, [](Interpreter& ip, const Args& a) {
      double r = 0;
      for (const Value& v : a.rest()) r = std::hypot(r, real(ip, v, a.where()));
      return Value::floating(r);
    }, true);
    def_signature(*m, "copysign", {"x", "y"}, 2, [](Interpreter& ip, const Args& a) {
      return Value::floating(std::copysign(real(ip, a[0], a.where()), real(ip, a[1], a.where())));
    });
    def_signature(*m, "fmod", {"x", "y"}, 2, [](Interpreter& ip, const Args& a) {
      double x = real(ip, a[0], a.where()), y = real(ip, a[1], a.where());
      if (y == 0 || std::isinf(x)) raise(ErrorId::math_domain, a.where());
      return Value::floating(std::fmod(x, y));
    });
    def_signature(*m, "modf", {"x"}, 1, [](Interpreter& ip, const Args& a) {
      double whole, x = real(ip, a[0], a.where());
      double frac = std::modf(x, &whole);
      return make_tuple({Value::floating(frac), Value::floating(whole)});
    });
    for (const char* name : {"isnan", "isinf", "isfinite"}) {
      std::string n = name;
      def_signature(*m, name, {"x"}, 1, [n](Interpreter& ip, const Args& a) {
        double x = real(ip, a[0], a.where());
        return Value::boolean(n == "isnan" ? std::isnan(x) : n == "isinf" ? std::isinf(x) : std::isfinite(x));
      });
    }
    def_signature(*m, "isclose", {"a", "b", "*", "rel_tol", "abs_tol"}, 2, py_isclose);
    def_signature(*m, "factorial", {"n"}, 1, factorial);
    def_signature(*m, "comb", {"n", "k"}, 2, [](Interpreter& ip, const Args& a) { return comb_or_perm(ip, a, true); });
    def_signature(*m, "perm", {"n", "k"}, 1, [](Interpreter& ip, const Args& a) { return comb_or_perm(ip, a, false); });
    def_signature(*m, "gcd", {}, 0, [](Interpreter& ip, const Args& a) { return gcd_lcm(ip, a, false); }, true);
    def_signature(*m, "lcm", {}, 0, [](Interpreter& ip, const Args& a) { return gcd_lcm(ip, a, true); }, true);
    def_signature(*m, "isqrt", {"n"}, 1, isqrt);
    def_signature(*m, "prod", {"iterable", "*", "start"}, 1, [](Interpreter& ip, const Args& a) {
      Value r = a.get_or(1, Value::integer(1));
      for (const Value& v : ip.iterate(a[0])) r = binary_op(ip, lang::BinOpKind::Mult, r, v, a.where(), false);
      return r;
    });
    def_signature(*m, "fsum", {"seq"}, 1, [](Interpreter& ip, const Args& a) {
      // Neumaier summation: exact enough to match CPython's fsum on common inputs.
      double s = 0, c = 0;
      for (const Value& v : ip.iterate(a[0])) {
        double x = real(ip, v, a.where()), t = s + x;
        c += std::fabs(s) >= std::fabs(x) ? (s - t) + x : (x - t) + s;
        s = t;
      }
      return Value::floating(s + c);
    });
    return Value::object(m);
  });
}

}  // namespace rungs::python
