// Unary element-wise ops (lax.neg, lax.exp, ...). Transcendentals on float
// types are evaluated in double and rounded once to the element type: the
// result is then the correctly rounded value in practically every case, which
// makes it identical on glibc (native) and musl (wasm) and within an ulp of
// XLA's own approximations. The exception is log (and log1p away from 0,
// and so erf_inv and random.normal): there we replay XLA:CPU's float32
// Cephes polynomial, which reproduces jax.random.normal(key(0), (16,))
// bit for bit where correctly rounded logs miss by an ulp.
#include <algorithm>
#include <bit>
#include <cmath>

#include "core/array/dispatch.h"
#include "core/array/ops.h"
#include "core/errors/error.h"

namespace rungs::array {

using namespace detail;

namespace {

enum Accept : uint8_t { kFloat = 1, kInt = 2, kBool = 4 };

struct UnaryInfo {
  const char* name;
  uint8_t accept;
  const char* accepted_text;  // JAX's "Accepted dtypes are subtypes of ..." list
};

constexpr const char* kInexact = "floating, complexfloating";
constexpr const char* kNum = "integer, floating, complexfloating";

UnaryInfo unary_info(UnaryOp op) {
  switch (op) {
    case UnaryOp::Neg: return {"neg", kFloat | kInt, kNum};
    case UnaryOp::Abs: return {"abs", kFloat | kInt, "signedinteger, floating, complexfloating"};
    case UnaryOp::Sign: return {"sign", kFloat | kInt, kNum};
    case UnaryOp::Floor: return {"floor", kFloat, "floating"};
    case UnaryOp::Ceil: return {"ceil", kFloat, "floating"};
    case UnaryOp::Round: return {"round", kFloat, "floating"};
    case UnaryOp::RoundEven: return {"round", kFloat, "floating"};
    case UnaryOp::Exp: return {"exp", kFloat, kInexact};
    case UnaryOp::Exp2: return {"exp2", kFloat, kInexact};
    case UnaryOp::Log: return {"log", kFloat, kInexact};
    case UnaryOp::Log1p: return {"log1p", kFloat, kInexact};
    case UnaryOp::Expm1: return {"expm1", kFloat, kInexact};
    case UnaryOp::Sqrt: return {"sqrt", kFloat, kInexact};
    case UnaryOp::Rsqrt: return {"rsqrt", kFloat, kInexact};
    case UnaryOp::Cbrt: return {"cbrt", kFloat, "floating"};
    case UnaryOp::Tanh: return {"tanh", kFloat, kInexact};
    case UnaryOp::Logistic: return {"logistic", kFloat, kInexact};
    case UnaryOp::Sin: return {"sin", kFloat, kInexact};
    case UnaryOp::Cos: return {"cos", kFloat, kInexact};
    case UnaryOp::Tan: return {"tan", kFloat, kInexact};
    case UnaryOp::Asin: return {"asin", kFloat, kInexact};
    case UnaryOp::Acos: return {"acos", kFloat, kInexact};
    case UnaryOp::Atan: return {"atan", kFloat, kInexact};
    case UnaryOp::Sinh: return {"sinh", kFloat, kInexact};
    case UnaryOp::Cosh: return {"cosh", kFloat, kInexact};
    case UnaryOp::Asinh: return {"asinh", kFloat, kInexact};
    case UnaryOp::Acosh: return {"acosh", kFloat, kInexact};
    case UnaryOp::Atanh: return {"atanh", kFloat, kInexact};
    case UnaryOp::Erf: return {"erf", kFloat, "floating"};
    case UnaryOp::Erfc: return {"erfc", kFloat, "floating"};
    case UnaryOp::ErfInv: return {"erf_inv", kFloat, "floating"};
    case UnaryOp::Lgamma: return {"lgamma", kFloat, "floating"};
    case UnaryOp::Not: return {"not", kInt | kBool, "bool, integer"};
    case UnaryOp::IsFinite: return {"is_finite", kFloat, "floating"};
    case UnaryOp::PopulationCount: return {"population_count", kInt, "integer"};
    case UnaryOp::Clz: return {"clz", kInt, "integer"};
    case UnaryOp::Square: return {"square", kFloat | kInt, kNum};
    case UnaryOp::Reciprocal: return {"reciprocal", kFloat, kInexact};
    case UnaryOp::Real: return {"real", kFloat | kInt | kBool, "number, bool"};
  }
  return {"?", 0, ""};
}

uint8_t kind_bit(DType t) { return is_float(t) ? kFloat : is_bool(t) ? kBool : kInt; }

// Unsigned wrap-around arithmetic on any int type, wide enough that uint8 and
// uint16 products cannot overflow `int` (which would be UB).
template <typename C>
using WrapT = std::conditional_t<(sizeof(C) < 4), uint32_t, std::make_unsigned_t<C>>;
template <typename C>
inline C wrap_neg(C v) { return static_cast<C>(WrapT<C>(0) - static_cast<WrapT<C>>(v)); }
template <typename C>
inline C wrap_mul(C a, C b) { return static_cast<C>(static_cast<WrapT<C>>(a) * static_cast<WrapT<C>>(b)); }

// out[i] = f(in[i]) with In/Out element tags.
template <typename In, typename Out, typename F>
Array map1(const Array& x, DType out_dtype, bool weak, F f) {
  Array out = Array::uninitialized(out_dtype, x.shape());
  const auto* in = x.data<typename Elem<In>::S>();
  auto* o = out.mutable_data<typename Elem<Out>::S>();
  const int64_t n = x.size();
  for (int64_t i = 0; i < n; ++i) o[i] = store<Out>(f(load<In>(in[i])));
  return out.with_weak_type(weak);
}


// XLA:CPU's float32 log (service/cpu/polynomial_approximations.cc, from
// Cephes logf): frexp, recentre to [sqrt(1/2), sqrt(2)) - 1, a degree-8
// polynomial, every step rounded to float (no fused multiply-adds).
float xla_logf(float x) {
  if (x != x || x < 0) return NAN;
  if (x == 0) return -INFINITY;
  if (std::isinf(x)) return x;
  x = std::max(x, 1.17549435e-38f);  // XLA clamps denormals to FLT_MIN
  int e;
  x = std::frexp(x, &e);
  float fe = static_cast<float>(e);
  if (x < 0.707106781186547524f) {
    fe -= 1.0f;
    x = x + x - 1.0f;
  } else {
    x = x - 1.0f;
  }
  const float x2 = x * x, x3 = x2 * x;
  float y = x * 7.0376836292E-2f + -1.1514610310E-1f;
  float y1 = x * -1.2420140846E-1f + 1.4249322787E-1f;
  float y2 = x * 2.0000714765E-1f + -2.4999993993E-1f;
  y = y * x + 1.1676998740E-1f;
  y1 = y1 * x + -1.6668057665E-1f;
  y2 = y2 * x + 3.3333331174E-1f;
  y = y * x3 + y1;
  y = y * x3 + y2;
  y = y * x3;
  const float q1 = -2.12194440e-4f * fe;
  const float half_x2 = x2 * 0.5f;
  y = y + q1;
  x = x - half_x2;
  const float q2 = 0.693359375f * fe;
  x = x + y;
  return x + q2;
}

// XLA's log1p: log(1 + x) for |x| >= sqrt(2) - 1, a small-argument formula
// otherwise (replaced here by the correctly rounded value, which agreed with
// JAX on every reference sample).
float xla_log1pf(float x) {
  if (std::fabs(x) >= 0.41421356237309504880f) return xla_logf(x + 1.0f);
  return static_cast<float>(std::log1p(static_cast<double>(x)));
}

double d_exp(double v) { return std::exp(v); }
double d_exp2(double v) { return std::exp2(v); }
double d_expm1(double v) { return std::expm1(v); }
double d_rsqrt(double v) { return 1.0 / std::sqrt(v); }
double d_cbrt(double v) { return std::cbrt(v); }
double d_tanh(double v) { return std::tanh(v); }
double d_logistic(double v) { return 1.0 / (1.0 + std::exp(-v)); }
double d_sin(double v) { return std::sin(v); }
double d_cos(double v) { return std::cos(v); }
double d_tan(double v) { return std::tan(v); }
double d_asin(double v) { return std::asin(v); }
double d_acos(double v) { return std::acos(v); }
double d_atan(double v) { return std::atan(v); }
double d_sinh(double v) { return std::sinh(v); }
double d_cosh(double v) { return std::cosh(v); }
double d_asinh(double v) { return std::asinh(v); }
double d_acosh(double v) { return std::acosh(v); }
double d_atanh(double v) { return std::atanh(v); }
double d_erf(double v) { return std::erf(v); }
double d_erfc(double v) { return std::erfc(v); }
double d_lgamma(double v) { return std::lgamma(v); }

// XLA's ErfInv for f32 (xla/client/lib/math.cc, after Giles, "Approximating
// the erfinv function"): a degree-8 polynomial in w = -log1p(-x^2), with the
// w < 5 and w >= 5 branches, evaluated in float; erfinv(+-1) = +-inf.
float erf_inv_f32(float x) {
  static constexpr float lt5[9] = {2.81022636e-08f,  3.43273939e-07f, -3.5233877e-06f,
                                   -4.39150654e-06f, 0.00021858087f,  -0.00125372503f,
                                   -0.00417768164f,  0.246640727f,    1.50140941f};
  static constexpr float ge5[9] = {-0.000200214257f, 0.000100950558f, 0.00134934322f,
                                   -0.00367342844f,  0.00573950773f,  -0.0076224613f,
                                   0.00943887047f,   1.00167406f,     2.83297682f};
  if (std::fabs(x) == 1.0f) return x * INFINITY;
  float w = -xla_log1pf(-(x * x));
  const float* c = w < 5.0f ? lt5 : ge5;
  w = w < 5.0f ? w - 2.5f : std::sqrt(w) - 3.0f;
  float p = c[0];
  for (int i = 1; i < 9; ++i) p = c[i] + p * w;
  return p * x;
}

// float -> double -> float, rounded once.
template <double (*Fn)(double)>
inline float via_double(float v) {
  return static_cast<float>(Fn(static_cast<double>(v)));
}

// The float kernels that map a value to one of its own type, as `run(f)`
// (f: float -> float); `missing()` for the others. Shared by unary() and
// unary_f32_span() so both compute the same bits.
template <typename Run, typename Missing>
auto with_float_unary(UnaryOp op, Run run, Missing missing) {
  switch (op) {
    case UnaryOp::Neg: return run([](float v) { return -v; });
    case UnaryOp::Abs: return run([](float v) { return std::fabs(v); });
    case UnaryOp::Floor: return run([](float v) { return std::floor(v); });
    case UnaryOp::Ceil: return run([](float v) { return std::ceil(v); });
    case UnaryOp::Round: return run([](float v) { return std::round(v); });
    case UnaryOp::Exp: return run([](float v) { return via_double<d_exp>(v); });
    case UnaryOp::Exp2: return run([](float v) { return via_double<d_exp2>(v); });
    case UnaryOp::Log: return run([](float v) { return xla_logf(v); });
    case UnaryOp::Log1p: return run([](float v) { return xla_log1pf(v); });
    case UnaryOp::Expm1: return run([](float v) { return via_double<d_expm1>(v); });
    case UnaryOp::Sqrt: return run([](float v) { return std::sqrt(v); });
    case UnaryOp::Rsqrt: return run([](float v) { return via_double<d_rsqrt>(v); });
    case UnaryOp::Cbrt: return run([](float v) { return via_double<d_cbrt>(v); });
    case UnaryOp::Tanh: return run([](float v) { return via_double<d_tanh>(v); });
    case UnaryOp::Logistic: return run([](float v) { return via_double<d_logistic>(v); });
    case UnaryOp::Sin: return run([](float v) { return via_double<d_sin>(v); });
    case UnaryOp::Cos: return run([](float v) { return via_double<d_cos>(v); });
    case UnaryOp::Tan: return run([](float v) { return via_double<d_tan>(v); });
    case UnaryOp::Asin: return run([](float v) { return via_double<d_asin>(v); });
    case UnaryOp::Acos: return run([](float v) { return via_double<d_acos>(v); });
    case UnaryOp::Atan: return run([](float v) { return via_double<d_atan>(v); });
    case UnaryOp::Sinh: return run([](float v) { return via_double<d_sinh>(v); });
    case UnaryOp::Cosh: return run([](float v) { return via_double<d_cosh>(v); });
    case UnaryOp::Asinh: return run([](float v) { return via_double<d_asinh>(v); });
    case UnaryOp::Acosh: return run([](float v) { return via_double<d_acosh>(v); });
    case UnaryOp::Atanh: return run([](float v) { return via_double<d_atanh>(v); });
    case UnaryOp::Erf: return run([](float v) { return via_double<d_erf>(v); });
    case UnaryOp::Erfc: return run([](float v) { return via_double<d_erfc>(v); });
    case UnaryOp::Lgamma: return run([](float v) { return via_double<d_lgamma>(v); });
    case UnaryOp::ErfInv: return run([](float v) { return erf_inv_f32(v); });
    case UnaryOp::Square: return run([](float v) { return v * v; });
    case UnaryOp::Reciprocal: return run([](float v) { return 1.0f / v; });
    case UnaryOp::Sign: return run([](float v) { return v > 0 ? 1.0f : v < 0 ? -1.0f : v; });
    case UnaryOp::RoundEven: return run([](float v) { return std::nearbyint(v); });
    default: break;
  }
  return missing();
}

// NumPy's float64 ufuncs: the C library's double functions (what NumPy
// calls on Linux), so float64 references match NumPy's to the last ulp in
// practically every case.
template <typename Run, typename Missing>
auto with_double_unary(UnaryOp op, Run run, Missing missing) {
  switch (op) {
    case UnaryOp::Neg: return run([](double v) { return -v; });
    case UnaryOp::Abs: return run([](double v) { return std::fabs(v); });
    case UnaryOp::Floor: return run([](double v) { return std::floor(v); });
    case UnaryOp::Ceil: return run([](double v) { return std::ceil(v); });
    case UnaryOp::Round: return run([](double v) { return std::round(v); });
    case UnaryOp::Exp: return run(d_exp);
    case UnaryOp::Exp2: return run(d_exp2);
    case UnaryOp::Log: return run([](double v) { return std::log(v); });
    case UnaryOp::Log1p: return run([](double v) { return std::log1p(v); });
    case UnaryOp::Expm1: return run(d_expm1);
    case UnaryOp::Sqrt: return run([](double v) { return std::sqrt(v); });
    case UnaryOp::Rsqrt: return run(d_rsqrt);
    case UnaryOp::Cbrt: return run(d_cbrt);
    case UnaryOp::Tanh: return run(d_tanh);
    case UnaryOp::Logistic: return run(d_logistic);
    case UnaryOp::Sin: return run(d_sin);
    case UnaryOp::Cos: return run(d_cos);
    case UnaryOp::Tan: return run(d_tan);
    case UnaryOp::Asin: return run(d_asin);
    case UnaryOp::Acos: return run(d_acos);
    case UnaryOp::Atan: return run(d_atan);
    case UnaryOp::Sinh: return run(d_sinh);
    case UnaryOp::Cosh: return run(d_cosh);
    case UnaryOp::Asinh: return run(d_asinh);
    case UnaryOp::Acosh: return run(d_acosh);
    case UnaryOp::Atanh: return run(d_atanh);
    case UnaryOp::Erf: return run(d_erf);
    case UnaryOp::Erfc: return run(d_erfc);
    case UnaryOp::Lgamma: return run(d_lgamma);
    // No double erfinv in libm: the float32 polynomial (NumPy has none).
    case UnaryOp::ErfInv: return run([](double v) { return static_cast<double>(erf_inv_f32(static_cast<float>(v))); });
    case UnaryOp::Square: return run([](double v) { return v * v; });
    case UnaryOp::Reciprocal: return run([](double v) { return 1.0 / v; });
    case UnaryOp::Sign: return run([](double v) { return v > 0 ? 1.0 : v < 0 ? -1.0 : v; });
    case UnaryOp::RoundEven: return run([](double v) { return std::nearbyint(v); });
    default: break;
  }
  return missing();
}

template <typename Tag>
Array unary_float(UnaryOp op, const Array& x) {
  switch (op) {
    case UnaryOp::IsFinite:
      return map1<Tag, BoolTag>(x, DType::Bool, false,
                                [](auto v) -> uint8_t { return std::isfinite(v) ? 1 : 0; });
    case UnaryOp::Real: return x;
    default: break;
  }
  if constexpr (kIsDouble<Tag>) {
    return with_double_unary(
        op, [&](auto f) { return map1<Tag, Tag>(x, x.dtype(), x.weak_type(), [f](double v) { return f(v); }); },
        []() -> Array { raise_here(ErrorId::internal_error, "unary float op"); });
  }
  return with_float_unary(
      op, [&](auto f) { return map1<Tag, Tag>(x, x.dtype(), x.weak_type(), f); },
      []() -> Array { raise_here(ErrorId::internal_error, "unary float op"); });
}

template <typename Tag>
Array unary_int(UnaryOp op, const Array& x) {
  using C = typename Elem<Tag>::C;
  using U = std::make_unsigned_t<C>;
  const bool weak = x.weak_type();
  const DType t = x.dtype();
  switch (op) {
    case UnaryOp::Neg: return map1<Tag, Tag>(x, t, weak, [](C v) { return wrap_neg(v); });
    case UnaryOp::Abs:
      return map1<Tag, Tag>(x, t, weak, [](C v) { return v < 0 ? wrap_neg(v) : v; });
    case UnaryOp::Sign:
      return map1<Tag, Tag>(x, t, weak, [](C v) { return static_cast<C>(v > 0 ? 1 : v < 0 ? -1 : 0); });
    case UnaryOp::Not: return map1<Tag, Tag>(x, t, weak, [](C v) { return static_cast<C>(~v); });
    case UnaryOp::PopulationCount:
      return map1<Tag, Tag>(x, t, weak,
                            [](C v) { return static_cast<C>(std::popcount(static_cast<U>(v))); });
    case UnaryOp::Clz:
      return map1<Tag, Tag>(x, t, weak,
                            [](C v) { return static_cast<C>(std::countl_zero(static_cast<U>(v))); });
    case UnaryOp::Square: return map1<Tag, Tag>(x, t, weak, [](C v) { return wrap_mul(v, v); });
    case UnaryOp::Real: return x;
    default: break;
  }
  raise_here(ErrorId::internal_error, "unary int op");
}

Array unary_bool(UnaryOp op, const Array& x) {
  if (op == UnaryOp::Not) {
    return map1<BoolTag, BoolTag>(x, DType::Bool, x.weak_type(),
                                  [](uint8_t v) -> uint8_t { return v ? 0 : 1; });
  }
  return x;  // Real
}

}  // namespace

const char* unary_op_name(UnaryOp op) { return unary_info(op).name; }

Array unary(UnaryOp op, const Array& x) {
  UnaryInfo info = unary_info(op);
  if (!(info.accept & kind_bit(x.dtype()))) {
    raise_here(ErrorId::op_dtype, info.name, dtype_name(x.dtype()), info.accepted_text);
  }
  return visit_dtype(x.dtype(), [&](auto tag) -> Array {
    using Tag = decltype(tag);
    if constexpr (kIsFloat<Tag>) {
      return unary_float<Tag>(op, x);
    } else if constexpr (kIsBool<Tag>) {
      return unary_bool(op, x);
    } else {
      return unary_int<Tag>(op, x);
    }
  });
}

// lax.integer_pow, expanded as JAX's lowering does (binary exponentiation
// with one rounding per multiply; a negative power divides 1 by the result).
Array integer_pow(const Array& x, int64_t n) {
  if (is_bool(x.dtype())) raise_here(ErrorId::op_dtype, "integer_pow", "bool", kNum);
  if (n < 0 && !is_float(x.dtype())) raise_here(ErrorId::integer_pow_negative, dtype_name(x.dtype()), n);
  return visit_dtype(x.dtype(), [&](auto tag) -> Array {
    using Tag = decltype(tag);
    using C = typename Elem<Tag>::C;
    if constexpr (kIsBool<Tag>) {
      return x;
    } else {
      const bool recip = n < 0;
      const uint64_t e = recip ? static_cast<uint64_t>(-(n + 1)) + 1 : static_cast<uint64_t>(n);
      return map1<Tag, Tag>(x, x.dtype(), x.weak_type(), [e, recip](C v) -> C {
        if (e == 0) return C(1);
        C acc{};
        bool have = false;
        C base = v;
        for (uint64_t y = e; y > 0;) {
          if (y & 1) {
            if constexpr (kIsFloat<Tag>) {
              acc = have ? round_to<Tag>(acc * base) : base;
            } else {
              acc = have ? wrap_mul(acc, base) : base;
            }
            have = true;
          }
          y >>= 1;
          if (y > 0) {
            if constexpr (kIsFloat<Tag>) {
              base = round_to<Tag>(base * base);
            } else {
              base = wrap_mul(base, base);
            }
          }
        }
        if constexpr (kIsFloat<Tag>) {
          if (recip) return 1.0f / acc;
        }
        return acc;
      });
    }
  });
}

bool unary_f32_span(UnaryOp op, const float* x, float* out, int64_t n) {
  return with_float_unary(
      op,
      [&](auto f) {
        for (int64_t i = 0; i < n; ++i) out[i] = f(x[i]);
        return true;
      },
      [] { return false; });
}

}  // namespace rungs::array
